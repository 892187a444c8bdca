import { webcrypto } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import enCommon from '@console/phrases/en-us/common';
import enErrors from '@console/phrases/en-us/errors';
import enInvitation from '@console/phrases/en-us/invitation';
import enMfa from '@console/phrases/en-us/mfa';
import enPassword from '@console/phrases/en-us/password';
import enValidation from '@console/phrases/en-us/validation';
import zhCommon from '@console/phrases/zh-cn/common';
import zhErrors from '@console/phrases/zh-cn/errors';
import zhInvitation from '@console/phrases/zh-cn/invitation';
import zhMfa from '@console/phrases/zh-cn/mfa';
import zhPassword from '@console/phrases/zh-cn/password';
import zhValidation from '@console/phrases/zh-cn/validation';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initLanguage } from '@/lib/language';
import { setMeta } from '@/lib/meta';
import { providePhrases } from '@/lib/phrases';
import { testMeta } from '@/testing/meta';
import AcceptInvitationPage, { linkFromLocation, loginWithNames } from './accept-invitation';

const invitation = {
  accountName: 'demo',
  accountDisplayName: 'Demo Inc',
  username: 'new_analyst',
  passwordPolicy: { requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 },
  loginProtection: { isRequired: false, method: null },
  channel: 'EMAIL',
  sentTo: 'ne***@demo.example',
  expireTime: '2026-11-04T08:00:00.000Z',
};

type TAnswer = { code: number; message?: string; data?: unknown; status?: number };

/** Answers the invitation calls by path; records the bodies sent. */
function serve(answers: Record<string, (body: unknown) => TAnswer>) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://console.test');
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      sent.push({ path: url.pathname, body });
      const answer = answers[url.pathname]?.(body) ?? { code: 404, status: 404 };
      return new Response(
        JSON.stringify({ code: answer.code, message: answer.message ?? 'ok', data: answer.data ?? null }),
        { status: answer.status ?? 200 },
      );
    }),
  );
  return sent;
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  setMeta(testMeta({ defaultLanguage: 'en-US' }));
  render(<AcceptInvitationPage />);
}

const type = (id: string, value: string) =>
  fireEvent.change(screen.getByTestId(id).querySelector('input') ?? screen.getByTestId(id), {
    target: { value },
  });

beforeAll(() => {
  vi.stubGlobal('crypto', webcrypto);
  for (const [lang, set] of [
    ['en-US', { enCommon, enErrors, enInvitation, enMfa, enPassword, enValidation }],
    [
      'zh-CN',
      {
        enCommon: zhCommon,
        enErrors: zhErrors,
        enInvitation: zhInvitation,
        enMfa: zhMfa,
        enPassword: zhPassword,
        enValidation: zhValidation,
      },
    ],
  ] as const) {
    providePhrases(lang, 'common', set.enCommon);
    providePhrases(lang, 'errors', set.enErrors);
    providePhrases(lang, 'invitation', set.enInvitation);
    providePhrases(lang, 'mfa', set.enMfa);
    providePhrases(lang, 'password', set.enPassword);
    providePhrases(lang, 'validation', set.enValidation);
  }
  initLanguage('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('crypto', webcrypto);
  setMeta(null);
  window.history.replaceState(null, '', '/');
});

describe('the invitation link', () => {
  it('reads the user id from the path and the token from the query', () => {
    expect(linkFromLocation('/userManage/42', '?token=abc')).toEqual({ userId: 42, token: 'abc' });
    expect(linkFromLocation('/userManage/42', '')).toBeNull();
    expect(linkFromLocation('/userManage/x', '?token=abc')).toBeNull();
    expect(loginWithNames('demo', 'new_analyst')).toBe('/login?account=demo&username=new_analyst');
  });
});

describe('/userManage/{userId}', () => {
  it('says the link is incomplete without a token, and asks nothing of the server', () => {
    const sent = serve({});
    open('/userManage/42');
    expect(screen.getByTestId('invitation-refused').textContent).toContain(enInvitation.missingText);
    expect(sent).toHaveLength(0);
  });

  it.each([
    [ErrorCode.invitationInvalid, enInvitation.invalidTitle],
    [ErrorCode.invitationUsed, enInvitation.usedTitle],
    [ErrorCode.invitationRevoked, enInvitation.revokedTitle],
    [ErrorCode.invitationExpired, enInvitation.expiredTitle],
  ])('shows the result of refusal %i', async (code, title) => {
    serve({ '/api/portal/user/invitation': () => ({ code, message: `server says ${code}` }) });
    open('/userManage/42?token=abc');
    const result = await screen.findByTestId('invitation-refused');
    expect(result.textContent).toContain(title);
    expect(result.textContent).toContain(`server says ${code}`);
    expect(screen.getByTestId('invitation-login').getAttribute('href')).toBe('/login');
  });

  it('checks the password under the policy, accepts, and leads to /login with both names', async () => {
    const sent = serve({
      '/api/portal/user/invitation': () => ({ code: 0, data: invitation }),
      '/api/portal/user/acceptInvitation': () => ({
        code: 0,
        data: { accountName: 'demo', username: 'new_analyst', mfaMethodType: null },
      }),
    });
    open('/userManage/42?token=abc');
    expect((await screen.findByTestId('invitation-username')).textContent).toBe('new_analyst');
    expect(screen.getByTestId('invitation-account').textContent).toBe('demo');
    type('invitation-password', 'weak');
    type('invitation-confirm', 'weak');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('invitation-password-form'));
    });
    expect(sent.some((s) => s.path.endsWith('acceptInvitation'))).toBe(false);
    expect(screen.getByTestId('invitation-password-form').textContent).toContain('8');
    type('invitation-password', 'Strong@2026x');
    type('invitation-confirm', 'Strong@2026y');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('invitation-password-form'));
    });
    expect(screen.getByTestId('invitation-password-form').textContent).toContain(
      enValidation.passwordMismatch,
    );
    type('invitation-confirm', 'Strong@2026x');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('invitation-password-form'));
    });
    const done = await screen.findByTestId('invitation-done');
    expect(done.textContent).toContain(enInvitation.doneTitle);
    expect(screen.getByTestId('invitation-go-login').getAttribute('href')).toBe(
      '/login?account=demo&username=new_analyst',
    );
    expect(sent.find((s) => s.path.endsWith('acceptInvitation'))?.body).toEqual({
      userId: 42,
      token: 'abc',
      password: 'Strong@2026x',
    });
  });

  it('shows the server refusal that came while the form was open', async () => {
    serve({
      '/api/portal/user/invitation': () => ({ code: 0, data: invitation }),
      '/api/portal/user/acceptInvitation': () => ({
        code: ErrorCode.invitationRevoked,
        message: 'revoked meanwhile',
      }),
    });
    open('/userManage/42?token=abc');
    await screen.findByTestId('invitation-password-form');
    type('invitation-password', 'Strong@2026x');
    type('invitation-confirm', 'Strong@2026x');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('invitation-password-form'));
    });
    const result = await screen.findByTestId('invitation-refused');
    expect(result.textContent).toContain(enInvitation.revokedTitle);
  });

  it('binds an authenticator when the account requires it: key, then the encrypted first code', async () => {
    const keys = await webcrypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', keys.publicKey)).toString('base64');
    const sent = serve({
      '/api/portal/user/invitation': () => ({
        code: 0,
        data: { ...invitation, loginProtection: { isRequired: true, method: 'GA' } },
      }),
      '/api/portal/user/invitation/mfaCode': () => ({
        code: 0,
        data: {
          initialCode: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrCode: 'data:image/png;base64,AAAA',
          issuer: 'Console',
          label: 'new_analyst@demo',
          publicKey: spki,
          uniqueId: 'bind-1',
        },
      }),
      '/api/portal/user/acceptInvitation': () => ({
        code: 0,
        data: { accountName: 'demo', username: 'new_analyst', mfaMethodType: 'GA' },
      }),
    });
    open('/userManage/42?token=abc');
    await screen.findByTestId('invitation-password-form');
    expect(screen.getByTestId('steps')).toBeTruthy();
    type('invitation-password', 'Strong@2026x');
    type('invitation-confirm', 'Strong@2026x');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('invitation-password-form'));
    });
    expect(await screen.findByTestId('mfa-secret')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP'));
    type('invitation-code', '123456');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('invitation-protection-form'));
    });
    expect((await screen.findByTestId('invitation-done')).textContent).toContain(enInvitation.doneProtection);
    const body = sent.find((s) => s.path.endsWith('acceptInvitation'))?.body as Record<string, string>;
    expect(body.uniqueId).toBe('bind-1');
    const plain = await webcrypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      keys.privateKey,
      Buffer.from(body.code ?? '', 'base64'),
    );
    expect(new TextDecoder().decode(plain)).toBe('123456');
  });

  it('speaks Chinese in the Chinese console', async () => {
    initLanguage('zh-CN');
    try {
      serve({
        '/api/portal/user/invitation': () => ({ code: ErrorCode.invitationExpired, message: '已过期' }),
      });
      open('/userManage/42?token=abc');
      expect((await screen.findByTestId('invitation-refused')).textContent).toContain(
        zhInvitation.expiredTitle,
      );
    } finally {
      initLanguage('en-US');
    }
  });
});
