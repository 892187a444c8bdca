import type { TCountry } from '@console/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneInput } from './phone-input';
import { cleanPhone, filterCountries, type TPhoneValue, validatePhone } from './phone-rules';

const countries: TCountry[] = [
  { name: 'China', region_code: 'CN', phone_code: '86' },
  { name: 'United States', region_code: 'US', phone_code: '1' },
  { name: 'United Kingdom', region_code: 'GB', phone_code: '44' },
  { name: 'Hong Kong (China)', region_code: 'HK', phone_code: '852' },
  { name: 'Singapore', region_code: 'SG', phone_code: '65' },
];

const texts = {
  label: 'Phone number',
  placeholder: 'Enter your phone number',
  countryCode: 'Country or region code',
  search: 'Search',
  noMatch: 'No match',
};

describe('phone rules (spec section 5)', () => {
  it('checks the mainland format only with +86', () => {
    expect(validatePhone({ phoneCode: '86', phone: '' })).toBe('phoneRequired');
    expect(validatePhone({ phoneCode: '86', phone: '13800000000' })).toBeNull();
    expect(validatePhone({ phoneCode: '86', phone: '12800000000' })).toBe('phoneFormat');
    expect(validatePhone({ phoneCode: '86', phone: '1380000000' })).toBe('phoneFormat');
    expect(validatePhone({ phoneCode: '', phone: '23800000000' })).toBe('phoneFormat');
    // Other prefixes pass (digits of a plausible length).
    expect(validatePhone({ phoneCode: '44', phone: '7700900123' })).toBeNull();
    expect(validatePhone({ phoneCode: '1', phone: '2025550123' })).toBeNull();
    expect(validatePhone({ phoneCode: '852', phone: '' })).toBe('phoneRequired');
  });

  it('keeps digits and separators', () => {
    expect(cleanPhone('138-0000 0000')).toBe('138-0000 0000');
    expect(cleanPhone('+86 138abc')).toBe('86 138');
  });

  it('finds countries by name, phone code or region code', () => {
    expect(filterCountries(countries, 'united').map((c) => c.region_code)).toEqual(['US', 'GB']);
    expect(filterCountries(countries, '+86').map((c) => c.region_code)).toEqual(['CN']);
    expect(filterCountries(countries, '8').map((c) => c.region_code)).toEqual(['CN', 'HK']);
    expect(filterCountries(countries, 'gb').map((c) => c.region_code)).toEqual(['GB']);
    expect(filterCountries(countries, 'china').map((c) => c.region_code)).toEqual(['CN', 'HK']);
    expect(filterCountries(countries, '  ')).toHaveLength(5);
    expect(filterCountries(countries, 'zz')).toEqual([]);
  });
});

function Harness({ isGlobal }: { isGlobal: boolean }) {
  const [value, setValue] = useState<TPhoneValue>({ phoneCode: '86', phone: '' });
  return (
    <>
      <PhoneInput
        id="phone"
        value={value}
        onChange={setValue}
        isGlobal={isGlobal}
        texts={texts}
        loadCountries={async () => countries}
      />
      <output data-testid="value">{`+${value.phoneCode} ${value.phone}`}</output>
    </>
  );
}

describe('PhoneInput', () => {
  it('has a fixed +86 prefix without the global-phone setting', () => {
    render(<Harness isGlobal={false} />);
    expect(screen.getByTestId('phone-input-code').tagName).toBe('SPAN');
    expect(screen.getByTestId('phone-input-code').textContent).toBe('+86');
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '13800000000' } });
    expect(screen.getByTestId('value').textContent).toBe('+86 13800000000');
  });

  it('offers a searchable country list with the global-phone setting', async () => {
    render(<Harness isGlobal />);
    fireEvent.click(screen.getByTestId('phone-input-code'));
    await act(async () => {});
    expect(screen.getAllByTestId('phone-input-option')).toHaveLength(5);
    fireEvent.change(screen.getByTestId('phone-input-search'), { target: { value: 'kingdom' } });
    const options = screen.getAllByTestId('phone-input-option');
    expect(options).toHaveLength(1);
    fireEvent.click(options[0] as HTMLElement);
    expect(screen.queryByTestId('phone-input-option')).toBeNull();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '7700900123' } });
    expect(screen.getByTestId('value').textContent).toBe('+44 7700900123');
  });
});
