/**
 * The console's own phone fields outside the user dialogs, My profile's phone change and the
 * account's registration phone (spec section 2 "Phone input", section 5): the country list only
 * with the global-phone setting, else +86 fixed; the chosen code travels with the code request,
 * its check and the save; the mainland format is checked only with +86.
 */
import type { TCurrentUser } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '@/api/query-keys';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import { RegistrationPhoneDialog } from './account-center-dialogs';
import ProfileDialog from './profile-dialog';

let en: i18n;
let calls: TApiCall[];
let user: TCurrentUser;

const countries = [
  { name: 'China', region_code: 'CN', phone_code: '86' },
  { name: 'United States', region_code: 'US', phone_code: '1' },
  { name: 'United Kingdom', region_code: 'GB', phone_code: '44' },
];

const globalMeta = () => testMeta({ features: { ...testMeta().features, globalPhone: true } });

beforeAll(async () => {
  en = await consoleI18n('en-US', ['account', 'validation', 'mfa', 'errors', 'common']);
});
beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  user = { ...testAdmin };
  calls = fakeApi((call) => {
    switch (call.path) {
      case '/api/portal/user/getCurrentUser':
        return user;
      case '/api/meta/countries':
        return countries;
      case '/api/portal/common/sendPhoneAuthCodeWithToken':
        return { authCodeType: 'SMS', target: 'masked', expiresInSeconds: 300, resendAfterSeconds: 60 };
      case '/api/portal/common/checkPhoneAuthCode':
        return { checkToken: 'new-phone-proof', checkCodeType: 'SMS' };
      case '/api/portal/common/sendAuthCode':
        return { authCodeType: 'SMS', target: 'masked', expiresInSeconds: 300, resendAfterSeconds: 60 };
      case '/api/portal/common/checkAuthCode':
        return { checkToken: 'identity-proof', checkCodeType: 'SMS' };
      case '/api/portal/user/updateProfile':
        return user;
      case '/api/portal/account/updateAccount':
        return { registrationPhone: null };
      case '/api/portal/mfa/status':
        return { enable: false, mfaMethodType: null, gaAlreadyBinding: false, phone: null, email: null };
      default:
        return { code: 404, message: 'not found' };
    }
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

const bodyOf = (path: string) => calls.find((c) => c.path === path)?.body;

/** Opens the country list of the dialog and picks the country whose row names `name`. */
async function pickCountry(dialog: HTMLElement, name: string) {
  await act(async () => fireEvent.mouseDown(within(dialog).getByRole('combobox')));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) =>
      o.textContent?.includes(name),
    );
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  await act(async () => fireEvent.click(option));
}

/** Types the number, sends the code, types it and saves. */
async function sendAndSave(prefix: 'profile-phone' | 'reg-phone', number: string, save: string) {
  fireEvent.change(screen.getByTestId(`${prefix}-target`), { target: { value: number } });
  await act(async () => fireEvent.click(screen.getByTestId(`${prefix}-send`)));
  await waitFor(() => expect(bodyOf('/api/portal/common/sendPhoneAuthCodeWithToken')).toBeTruthy());
  fireEvent.change(screen.getByTestId(`${prefix}-code`), { target: { value: '123456' } });
  await act(async () => fireEvent.click(screen.getByTestId(save)));
}

describe('My profile: the phone change', () => {
  it('keeps +86 fixed without the global-phone setting and sends 86 throughout', async () => {
    renderConsole(<ProfileDialog initialEdit="phone" onClose={() => {}} />, en);
    const dialog = await screen.findByTestId('profile-phone-dialog');
    expect(within(dialog).queryByTestId('profile-phone-target-code')).toBeNull();
    expect(within(dialog).getByText('+86')).toBeTruthy();
    // The mainland format applies with +86: a non-mainland number cannot receive a code.
    fireEvent.change(screen.getByTestId('profile-phone-target'), { target: { value: '2025550123' } });
    expect(await within(dialog).findByText('Please enter a valid phone number')).toBeTruthy();
    expect((screen.getByTestId('profile-phone-send') as HTMLButtonElement).disabled).toBe(true);

    await sendAndSave('profile-phone', '13712345678', 'contact-save');
    await waitFor(() => expect(bodyOf('/api/portal/user/updateProfile')).toBeTruthy());
    expect(bodyOf('/api/portal/common/sendPhoneAuthCodeWithToken')).toMatchObject({
      phone: '13712345678',
      phoneCode: '86',
      authMethod: 'EDIT_PHONE',
    });
    expect(bodyOf('/api/portal/common/checkPhoneAuthCode')).toMatchObject({
      phone: '13712345678',
      phoneCode: '86',
    });
    expect(bodyOf('/api/portal/user/updateProfile')).toEqual({
      phone: '13712345678',
      phoneCode: '86',
      phoneCheckToken: 'new-phone-proof',
    });
  });

  it('offers the country list with the global-phone setting; another code passes and travels', async () => {
    setMeta(globalMeta());
    renderConsole(<ProfileDialog initialEdit="phone" onClose={() => {}} />, en);
    const dialog = await screen.findByTestId('profile-phone-dialog');
    expect(within(dialog).getByTestId('profile-phone-target-code')).toBeTruthy();
    await pickCountry(dialog, 'United States');
    expect(within(dialog).getByTestId('profile-phone-target-code').textContent).toContain('+1');

    await sendAndSave('profile-phone', '2025550123', 'contact-save');
    await waitFor(() => expect(bodyOf('/api/portal/user/updateProfile')).toBeTruthy());
    expect(bodyOf('/api/portal/common/sendPhoneAuthCodeWithToken')).toMatchObject({
      phone: '2025550123',
      phoneCode: '1',
    });
    expect(bodyOf('/api/portal/common/checkPhoneAuthCode')).toMatchObject({
      phone: '2025550123',
      phoneCode: '1',
    });
    expect(bodyOf('/api/portal/user/updateProfile')).toEqual({
      phone: '2025550123',
      phoneCode: '1',
      phoneCheckToken: 'new-phone-proof',
    });
  });

  it('shows the current phone with its own country code; a new one starts there, after the identity check', async () => {
    setMeta(globalMeta());
    user = { ...testAdmin, phone: '7700900123', phoneCode: '44' };
    // As in the console, the signed-in user is known before the dialog opens.
    queryClient.setQueryData(sessionKeys.currentUser, user);
    renderConsole(<ProfileDialog initialEdit="phone" onClose={() => {}} />, en);
    expect((await screen.findByTestId('profile-phone')).textContent).toBe('+44 7700900123');
    fireEvent.change(await screen.findByTestId('verify-code'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByTestId('verify-confirm')));
    const dialog = await screen.findByTestId('profile-phone-dialog');
    expect(within(dialog).getByTestId('profile-phone-target-code').textContent).toContain('+44');

    await sendAndSave('profile-phone', '7700900456', 'contact-save');
    await waitFor(() => expect(bodyOf('/api/portal/user/updateProfile')).toBeTruthy());
    expect(bodyOf('/api/portal/user/updateProfile')).toEqual({
      phone: '7700900456',
      phoneCode: '44',
      phoneCheckToken: 'new-phone-proof',
    });
    const update = calls.find((c) => c.path === '/api/portal/user/updateProfile');
    expect(update?.headers).toMatchObject({ authcodetoken: 'identity-proof', authcodetype: 'SMS' });
  });
});

describe('the registration phone', () => {
  it('keeps +86 fixed without the global-phone setting and sends 86 throughout', async () => {
    renderConsole(<RegistrationPhoneDialog onClose={() => {}} />, en);
    const dialog = await screen.findByTestId('reg-phone-dialog');
    expect(within(dialog).queryByTestId('reg-phone-target-code')).toBeNull();
    expect(within(dialog).getByText('+86')).toBeTruthy();

    await sendAndSave('reg-phone', '13712345678', 'reg-phone-save');
    await waitFor(() => expect(bodyOf('/api/portal/account/updateAccount')).toBeTruthy());
    expect(bodyOf('/api/portal/common/sendPhoneAuthCodeWithToken')).toMatchObject({ phoneCode: '86' });
    expect(bodyOf('/api/portal/common/checkPhoneAuthCode')).toMatchObject({ phoneCode: '86' });
    expect(bodyOf('/api/portal/account/updateAccount')).toEqual({ phone: '13712345678', phoneCode: '86' });
  });

  it('offers the country list with the global-phone setting; another code passes and travels', async () => {
    setMeta(globalMeta());
    renderConsole(<RegistrationPhoneDialog onClose={() => {}} />, en);
    const dialog = await screen.findByTestId('reg-phone-dialog');
    await pickCountry(dialog, 'United Kingdom');

    await sendAndSave('reg-phone', '7700900123', 'reg-phone-save');
    await waitFor(() => expect(bodyOf('/api/portal/account/updateAccount')).toBeTruthy());
    expect(bodyOf('/api/portal/common/sendPhoneAuthCodeWithToken')).toMatchObject({
      phone: '7700900123',
      phoneCode: '44',
    });
    expect(bodyOf('/api/portal/common/checkPhoneAuthCode')).toMatchObject({ phoneCode: '44' });
    expect(bodyOf('/api/portal/account/updateAccount')).toEqual({ phone: '7700900123', phoneCode: '44' });
    const update = calls.find((c) => c.path === '/api/portal/account/updateAccount');
    expect(update?.headers).toMatchObject({ authcodetoken: 'new-phone-proof', authcodetype: 'SMS' });
  });
});
