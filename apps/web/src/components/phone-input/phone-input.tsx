import type { TCountry } from '@console/contract';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { listCountries } from '@/api/list-countries';
import { LineIcon } from '../ui/line-icon';
import { moveFocus, useDismiss } from '../ui/use-dismiss';
import { cleanPhone, DefaultPhoneCode, filterCountries, type TPhoneValue } from './phone-rules';
import '../ui/ui.css';
import '../verify.css';

export type TPhoneInputTexts = {
  label: string;
  placeholder: string;
  countryCode: string;
  search: string;
  noMatch: string;
};

export type TPhoneInputProps = {
  id: string;
  value: TPhoneValue;
  onChange: (value: TPhoneValue) => void;
  /** The global-phone setting (meta.features.globalPhone): a searchable country list; else +86 fixed. */
  isGlobal: boolean;
  texts: TPhoneInputTexts;
  error?: string | null;
  onBlur?: () => void;
  isDisabled?: boolean;
  testId?: string;
  /** For tests: the country list (else fetched from /api/meta/countries when first opened). */
  loadCountries?: () => Promise<readonly TCountry[]>;
};

/**
 * The phone input (spec section 2 "Phone input"): the +86 prefix fixed, or, with the global-phone
 * setting, a country-code dropdown searchable by name, phone code or region code.
 */
export function PhoneInput({
  id,
  value,
  onChange,
  isGlobal,
  texts,
  error,
  onBlur,
  isDisabled = false,
  testId = 'phone-input',
  loadCountries = listCountries,
}: TPhoneInputProps) {
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [countries, setCountries] = useState<readonly TCountry[] | null>(null);
  const [query, setQuery] = useState('');
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const code = isGlobal ? value.phoneCode || DefaultPhoneCode : DefaultPhoneCode;
  useDismiss(wrap, isOpen, () => setIsOpen(false), trigger);

  useEffect(() => {
    if (!isOpen) return;
    search.current?.focus();
    if (countries) return;
    let isCancelled = false;
    loadCountries().then(
      (loaded) => {
        if (!isCancelled) setCountries(loaded);
      },
      () => {
        if (!isCancelled) setCountries([]);
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [isOpen, countries, loadCountries]);

  const matches = useMemo(() => filterCountries(countries ?? [], query), [countries, query]);
  const errorId = `${id}-error`;

  const pick = (country: TCountry) => {
    onChange({ ...value, phoneCode: country.phone_code });
    setIsOpen(false);
    setQuery('');
    trigger.current?.focus();
  };

  const onListKey = (event: KeyboardEvent) => moveFocus(list.current, event, '[role="option"]');

  return (
    <div className={`cz-field cz-phone${error ? ' cz-field--error' : ''}`} ref={wrap} data-testid={testId}>
      <label className="cz-field__label" htmlFor={id}>
        {texts.label}
      </label>
      <div className="cz-field__box">
        {isGlobal ? (
          <button
            ref={trigger}
            type="button"
            className="cz-phone__code cz-phone__code--button"
            aria-label={`${texts.countryCode}: +${code}`}
            aria-haspopup="listbox"
            aria-expanded={isOpen}
            aria-controls={isOpen ? listId : undefined}
            disabled={isDisabled}
            onClick={() => setIsOpen((open) => !open)}
            data-testid={`${testId}-code`}
          >
            +{code}
            <LineIcon name="chevronDown" size={14} />
          </button>
        ) : (
          <span className="cz-phone__code" data-testid={`${testId}-code`}>
            +{DefaultPhoneCode}
          </span>
        )}
        <input
          id={id}
          className="cz-field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={value.phone}
          placeholder={texts.placeholder}
          disabled={isDisabled}
          onChange={(e) => onChange({ phoneCode: code, phone: cleanPhone(e.target.value) })}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={`${testId}-number`}
        />
      </div>
      {isOpen ? (
        <div className="cz-menu cz-phone__panel">
          <div className="cz-phone__search">
            <LineIcon name="search" size={14} />
            <input
              ref={search}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') onListKey(e);
                if (e.key === 'Enter' && matches[0]) {
                  e.preventDefault();
                  pick(matches[0]);
                }
              }}
              placeholder={texts.search}
              aria-label={texts.search}
              data-testid={`${testId}-search`}
            />
          </div>
          {countries === null ? (
            <div className="cz-phone__empty">
              <span className="cz-btn__spinner" aria-hidden="true" />
            </div>
          ) : matches.length === 0 ? (
            <div className="cz-phone__empty">{texts.noMatch}</div>
          ) : (
            <div className="cz-phone__list" role="listbox" id={listId} ref={list} onKeyDown={onListKey}>
              {matches.map((country) => (
                <div
                  key={`${country.region_code}-${country.phone_code}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={country.phone_code === code}
                  className="cz-menu__item cz-phone__option"
                  onClick={() => pick(country)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      pick(country);
                    }
                  }}
                  data-testid={`${testId}-option`}
                >
                  <span className="cz-phone__name">{country.name}</span>
                  <span className="cz-phone__region">{country.region_code}</span>
                  <span className="cz-phone__dial">+{country.phone_code}</span>
                </div>
              ))}
            </div>
          )}
        </div>
      ) : null}
      {error ? (
        <p className="cz-field__error" id={errorId} data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
