import type { TCountry } from '@console/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsolePhoneInput } from './console-phone-input';

const countries: TCountry[] = [
  { name: 'China', region_code: 'CN', phone_code: '86' },
  { name: 'United States', region_code: 'US', phone_code: '1' },
  { name: 'United Kingdom', region_code: 'GB', phone_code: '44' },
];

function Harness({
  isGlobal,
  loadCountries,
}: {
  isGlobal: boolean;
  loadCountries: () => Promise<TCountry[]>;
}) {
  const [phone, setPhone] = useState('');
  const [phoneCode, setPhoneCode] = useState('86');
  return (
    <>
      <ConsolePhoneInput
        value={phone}
        onChange={setPhone}
        phoneCode={phoneCode}
        onPhoneCodeChange={setPhoneCode}
        isGlobal={isGlobal}
        searchPlaceholder="Search"
        countryLabel="Country or region code"
        testId="phone"
        loadCountries={loadCountries}
      />
      <output data-testid="state">{`+${phoneCode} ${phone}`}</output>
    </>
  );
}

const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

afterEach(cleanup);

describe('the console phone input (spec section 2 "Phone input")', () => {
  it('is +86 fixed without the global-phone setting and never loads the country list', () => {
    const load = vi.fn(async () => countries);
    render(<Harness isGlobal={false} loadCountries={load} />);
    expect(screen.queryByTestId('phone-code')).toBeNull();
    expect(screen.getByText('+86', { selector: '.ant-space-addon' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('phone'), { target: { value: '138 0000-0000x' } });
    expect(screen.getByTestId('state').textContent).toBe('+86 138 0000-0000');
    expect(load).not.toHaveBeenCalled();
  });

  it('offers the list searchable by name, phone code or region code with the setting', async () => {
    const load = vi.fn(async () => countries);
    render(<Harness isGlobal loadCountries={load} />);
    const select = screen.getByRole('combobox');
    expect(screen.getByTestId('phone-code').textContent).toContain('+86');
    await act(async () => fireEvent.mouseDown(select));
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => fireEvent.change(select, { target: { value: 'gb' } }));
    expect(options()).toEqual(['United Kingdom GB +44']);
    await act(async () => fireEvent.change(select, { target: { value: '+1' } }));
    expect(options()).toEqual(['United States US +1']);
    await act(async () => fireEvent.change(select, { target: { value: 'united' } }));
    expect(options()).toEqual(['United States US +1', 'United Kingdom GB +44']);

    const uk = [...document.querySelectorAll('.ant-select-item-option')][1] as HTMLElement;
    await act(async () => fireEvent.click(uk));
    fireEvent.change(screen.getByTestId('phone'), { target: { value: '7700900123' } });
    expect(screen.getByTestId('state').textContent).toBe('+44 7700900123');
    expect(screen.getByTestId('phone-code').textContent).toContain('+44');
  });
});
