/**
 * The console's phone input (spec section 2 "Phone input"): with the global-phone setting, the
 * searchable country-code list of the public pages (by name, phone code or region code, the same
 * list and search rules); otherwise +86 fixed.
 */
import type { TCountry } from '@console/contract';
import { Input, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { listCountries } from '@/api/list-countries';
import { cleanPhone, DefaultPhoneCode, filterCountries } from '@/components/phone-input/phone-rules';
import { testId } from '@/lib/test-id';

export type TUserPhoneInputProps = {
  /** The national number (the form item's value). */
  value?: string;
  onChange?: (value: string) => void;
  phoneCode: string;
  onPhoneCodeChange: (phoneCode: string) => void;
  isGlobal: boolean;
  onBlur?: () => void;
  isDisabled?: boolean;
  searchPlaceholder: string;
  countryLabel: string;
  /** For tests: the country list (else fetched when the list first opens). */
  loadCountries?: () => Promise<readonly TCountry[]>;
};

export function UserPhoneInput({
  value,
  onChange,
  phoneCode,
  onPhoneCodeChange,
  isGlobal,
  onBlur,
  isDisabled = false,
  searchPlaceholder,
  countryLabel,
  loadCountries = listCountries,
}: TUserPhoneInputProps) {
  const [countries, setCountries] = useState<readonly TCountry[] | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const code = isGlobal ? phoneCode || DefaultPhoneCode : DefaultPhoneCode;

  useEffect(() => {
    if (!isGlobal || !isOpen || countries) return;
    let isCancelled = false;
    loadCountries().then(
      (list) => !isCancelled && setCountries(list),
      () => !isCancelled && setCountries([]),
    );
    return () => {
      isCancelled = true;
    };
  }, [isGlobal, isOpen, countries, loadCountries]);

  const options = useMemo(() => {
    const matches = filterCountries(countries ?? [], query);
    const list = matches.map((c) => ({
      value: `${c.region_code}:${c.phone_code}`,
      phoneCode: c.phone_code,
      label: (
        <span className="cz-user-phone__option">
          {c.name} <span className="cz-user-phone__region">{c.region_code}</span> +{c.phone_code}
        </span>
      ),
    }));
    return list.length > 0 || countries
      ? list
      : [
          {
            value: `:${code}`,
            phoneCode: code,
            label: <span className="cz-user-phone__option">+{code}</span>,
          },
        ];
  }, [countries, query, code]);

  const number = (
    <Input
      value={value}
      inputMode="tel"
      autoComplete="tel-national"
      disabled={isDisabled}
      onChange={(e) => onChange?.(cleanPhone(e.target.value))}
      onBlur={onBlur}
      addonBefore={isGlobal ? undefined : `+${DefaultPhoneCode}`}
      {...testId('user-phone')}
    />
  );
  if (!isGlobal) return number;
  return (
    <Space.Compact block>
      <Select
        showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
        open={isOpen}
        onOpenChange={(open) => {
          setOpen(open);
          if (!open) setQuery('');
        }}
        value={options.find((o) => o.phoneCode === code)?.value ?? `:${code}`}
        labelRender={() => `+${code}`}
        options={options}
        onChange={(_, option) => {
          const picked = Array.isArray(option) ? option[0] : option;
          if (picked?.phoneCode) onPhoneCodeChange(picked.phoneCode);
        }}
        placeholder={searchPlaceholder}
        aria-label={countryLabel}
        disabled={isDisabled}
        loading={isOpen && countries === null}
        popupMatchSelectWidth={280}
        style={{ width: 110, flex: 'none' }}
        {...testId('user-phone-code')}
      />
      {number}
    </Space.Compact>
  );
}
