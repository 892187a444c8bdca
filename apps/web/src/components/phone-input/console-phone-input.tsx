/**
 * The console's phone input (spec section 2 "Phone input"), in antd forms: with the global-phone
 * setting, the searchable country-code list of the public pages (by name, phone code or region
 * code, the same list and search rules); otherwise +86 fixed. Every phone field of the console
 * uses it: the user dialogs, My profile's phone change and the account's registration phone.
 */
import type { TCountry } from '@console/contract';
import { Input, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { listCountries } from '@/api/list-countries';
import { testId as testIdOf } from '@/lib/test-id';
import { cleanPhone, DefaultPhoneCode, filterCountries } from './phone-rules';

export type TConsolePhoneInputProps = {
  /** The form item's control id, given to the number so that its label names it. */
  id?: string;
  /** The national number (the form item's value). */
  value?: string;
  onChange?: (value: string) => void;
  phoneCode: string;
  onPhoneCodeChange: (phoneCode: string) => void;
  /** The global-phone setting (meta.features.globalPhone): the country list; else +86 fixed. */
  isGlobal: boolean;
  onBlur?: () => void;
  isDisabled?: boolean;
  searchPlaceholder: string;
  countryLabel: string;
  /** The number's test id; the country select gets `<testId>-code`. */
  testId: string;
  /** For tests: the country list (else fetched when the list first opens). */
  loadCountries?: () => Promise<readonly TCountry[]>;
};

export function ConsolePhoneInput({
  id,
  value,
  onChange,
  phoneCode,
  onPhoneCodeChange,
  isGlobal,
  onBlur,
  isDisabled = false,
  searchPlaceholder,
  countryLabel,
  testId,
  loadCountries = listCountries,
}: TConsolePhoneInputProps) {
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
        <span className="cz-console-phone__option">
          {c.name} <span className="cz-console-phone__region">{c.region_code}</span> +{c.phone_code}
        </span>
      ),
    }));
    return list.length > 0 || countries
      ? list
      : [
          {
            value: `:${code}`,
            phoneCode: code,
            label: <span className="cz-console-phone__option">+{code}</span>,
          },
        ];
  }, [countries, query, code]);

  const number = (
    <Input
      id={id}
      value={value}
      inputMode="tel"
      autoComplete="tel-national"
      disabled={isDisabled}
      onChange={(e) => onChange?.(cleanPhone(e.target.value))}
      onBlur={onBlur}
      {...testIdOf(testId)}
    />
  );
  if (!isGlobal) {
    return (
      <Space.Compact block>
        <Space.Addon disabled={isDisabled}>+{DefaultPhoneCode}</Space.Addon>
        {number}
      </Space.Compact>
    );
  }
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
        {...testIdOf(`${testId}-code`)}
      />
      {number}
    </Space.Compact>
  );
}
