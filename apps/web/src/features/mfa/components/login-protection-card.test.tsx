/**
 * The login protection card's requirement switch can lock no one out: while some user could not
 * complete a second step (or the administrator cannot prove their own) it stays off and the card
 * says why before any click, in the page's language; otherwise the click opens the confirmation,
 * which names how many users will be asked to set protection up and sends the administrator's own
 * second step with the change.
 */
import { webcrypto } from 'node:crypto';
import type { TMfaEnforcement } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import { LoginProtectionCard } from './login-protection-card';

// The dialogs' chunk, imported with the test instead of on the first click (antd's provider and
// stylesheet are the app's concern, not this test's).
vi.mock('./lazy-login-protection-dialog', async () => {
  const { default: LoginProtectionDialog } = await import('./login-protection-dialog');
  return { LazyLoginProtectionDialog: LoginProtectionDialog };
});

const namespaces = ['mfa', 'errors', 'common', 'validation'] as const;
let en: i18n;
let zh: i18n;
let calls: TApiCall[];
let toasts: TToast[];
let publicKey = '';
/** The fake server's policy, and what its save answers. */
let server: { required: boolean; enforcement: TMfaEnforcement; saveAnswer: unknown };

const possible: TMfaEnforcement = {
  isPossible: true,
  blockedBy: null,
  blockedUsers: 0,
  blockedUsernames: [],
  usersToSetUp: 2,
  proof: 'CODE',
  proofChannels: ['SMS'],
};

beforeAll(async () => {
  en = await consoleI18n('en-US', namespaces);
  zh = await consoleI18n('zh-CN', namespaces);
  const pair = await webcrypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  publicKey = Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString('base64');
});

beforeEach(() => {
  setMeta(testMeta());
  toasts = [];
  setNotifier({ show: (toast) => toasts.push(toast), notifyApiEvent: () => {} });
  server = { required: false, enforcement: possible, saveAnswer: null };
  calls = fakeApi((call) => {
    const policy = () => ({
      required: server.required,
      passkeySignIn: false,
      enforcement: server.enforcement,
    });
    switch (call.path) {
      case '/api/portal/user/getCurrentUser':
        return { ...testAdmin, phone: '13800000000' };
      case '/api/portal/mfa/status':
        return {
          enable: false,
          mfaMethodType: null,
          gaAlreadyBinding: false,
          phone: '138****0000',
          email: null,
          accountRequired: server.required,
          passkeys: 0,
        };
      case '/api/portal/mfa/passkeys':
        return { list: [], passkeySignIn: false };
      case '/api/portal/mfa/policy':
        if (call.method === 'POST') {
          if (server.saveAnswer) return server.saveAnswer;
          server.required = (call.body as { required: boolean }).required;
        }
        return policy();
      case '/api/portal/common/sendAuthCode':
        return {
          authCodeType: 'SMS',
          target: '+86 138****0000',
          expiresInSeconds: 300,
          resendAfterSeconds: 60,
        };
      case '/api/portal/common/checkAuthCode':
        return { checkToken: 'proof-of-admin', checkCodeType: 'SMS' };
      case '/api/portal/mfa/challenge':
        return { uniqueId: 'status-challenge', publicKey };
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

const policySaves = () => calls.filter((c) => c.path === '/api/portal/mfa/policy' && c.method === 'POST');

async function policySwitch(): Promise<HTMLElement> {
  const toggle = await screen.findByTestId('mfa-policy-switch');
  await waitFor(() => expect(toggle.getAttribute('aria-busy')).toBeNull());
  return toggle;
}

describe('requiring login protection of every user', () => {
  it('stays off and says why before any click while users could not complete a second step', async () => {
    server.enforcement = {
      isPossible: false,
      blockedBy: 4165,
      blockedUsers: 7,
      blockedUsernames: ['analyst_01', 'finance_lead', 'ops_night', 'procurement', 'sales_east'],
      usersToSetUp: 0,
      proof: null,
      proofChannels: [],
    };
    renderConsole(<LoginProtectionCard />, en);
    const toggle = await policySwitch();
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    const blocked = screen.getByTestId('mfa-policy-blocked');
    expect(blocked.textContent).toContain(
      'Users who could not complete the second step at sign-in: analyst_01, finance_lead, ops_night, procurement, sales_east (7 in all).',
    );
    // The administrator cannot receive a code either: said too.
    expect(blocked.textContent).toContain(
      'this installation cannot send a code to your phone number or e-mail address',
    );
    expect(toggle.getAttribute('aria-describedby')).toContain(blocked.id);
    fireEvent.click(toggle);
    expect(policySaves()).toHaveLength(0);
  });

  it('says it in Chinese on a Chinese page', async () => {
    server.enforcement = {
      ...possible,
      isPossible: false,
      blockedBy: 4165,
      blockedUsers: 2,
      blockedUsernames: ['analyst_01', 'ops_night'],
    };
    renderConsole(<LoginProtectionCard />, zh);
    await policySwitch();
    expect(screen.getByTestId('mfa-policy-blocked').textContent).toContain(
      '登录时无法完成二次验证的用户：analyst_01、ops_night（共 2 位）',
    );
  });

  it('asks an administrator of the international edition to bind an authenticator app first', async () => {
    setMeta(testMeta({ edition: 'international' }));
    server.enforcement = { ...possible, isPossible: false, blockedBy: 4167, proof: null, proofChannels: [] };
    renderConsole(<LoginProtectionCard />, en);
    const toggle = await policySwitch();
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('mfa-policy-blocked').textContent).toBe(
      'To require login protection of every user, first turn on login protection for yourself with an authenticator app: its code confirms the change.',
    );
  });

  it('confirms with the count and a code to the administrator’s phone, sent with the change', async () => {
    renderConsole(<LoginProtectionCard />, en);
    fireEvent.click(await policySwitch());
    const dialog = await screen.findByTestId('verify-dialog');
    expect(dialog.textContent).toContain(
      '2 users will be asked to set up login protection at their next sign-in.',
    );
    expect(dialog.textContent).toContain('Your own login protection is turned on with it');
    expect(policySaves()).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('verify-code'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByTestId('verify-confirm')));
    await waitFor(() => expect(policySaves()).toHaveLength(1));
    expect(policySaves()[0]).toMatchObject({
      body: { required: true, passkeySignIn: false },
      headers: { authcodetoken: 'proof-of-admin', authcodetype: 'SMS' },
    });
    await waitFor(() =>
      expect(toasts.map((toast) => toast.title)).toContain('Login protection is now required for every user'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('mfa-policy-switch').getAttribute('aria-checked')).toBe('true'),
    );
  });

  it('names one user in the singular, and shows the server’s refusal in the dialog', async () => {
    server.enforcement = { ...possible, usersToSetUp: 1 };
    server.saveAnswer = {
      code: 4165,
      message:
        'Login protection cannot be required of every user yet. Users who could not complete the second step at sign-in: new_hire (1 in all).',
      data: { blockedUsers: 1, blockedUsernames: ['new_hire'] },
    };
    renderConsole(<LoginProtectionCard />, en);
    fireEvent.click(await policySwitch());
    const dialog = await screen.findByTestId('verify-dialog');
    expect(dialog.textContent).toContain(
      '1 user will be asked to set up login protection at their next sign-in.',
    );
    fireEvent.change(within(dialog).getByTestId('verify-code'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByTestId('verify-confirm')));
    await waitFor(() => expect(dialog.textContent).toContain('new_hire (1 in all)'));
  });

  it('confirms with the authenticator app’s code in the international edition', async () => {
    setMeta(testMeta({ edition: 'international' }));
    server.enforcement = { ...possible, usersToSetUp: 0, proof: 'GA', proofChannels: [] };
    renderConsole(<LoginProtectionCard />, zh);
    fireEvent.click(await policySwitch());
    const dialog = await screen.findByTestId('mfa-policy-confirm');
    expect(screen.getByTestId('mfa-policy-count').textContent).toBe(
      '其他用户均已能完成二次验证，不会有人被要求设置。',
    );
    const boxes = within(dialog).getByTestId('mfa-policy-code');
    fireEvent.change(boxes, { target: { value: '654321' } });
    await act(async () => fireEvent.click(screen.getByTestId('mfa-policy-confirm-ok')));
    await waitFor(() => expect(policySaves()).toHaveLength(1));
    const body = policySaves()[0]?.body as { required: boolean; uniqueId: string; code: string };
    expect(body).toMatchObject({ required: true, uniqueId: 'status-challenge' });
    // The code travels encrypted, never as typed.
    expect(body.code).not.toContain('654321');
    expect(body.code.length).toBeGreaterThan(100);
  });

  it('turns an existing requirement off at once, without a confirmation', async () => {
    server.required = true;
    renderConsole(<LoginProtectionCard />, en);
    const toggle = await policySwitch();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(policySaves()).toHaveLength(1));
    expect(policySaves()[0]?.body).toEqual({ required: false, passkeySignIn: false });
    expect(screen.queryByTestId('verify-dialog')).toBeNull();
  });
});
