import { webcrypto } from 'node:crypto';
import type { TMeta } from '@console/contract';
import enCommon from '@console/phrases/en-us/common';
import enErrors from '@console/phrases/en-us/errors';
import enMfa from '@console/phrases/en-us/mfa';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { providePhrases } from '@/lib/phrases';
import type { TLoginResult } from '../api/login';
import SecondStep from './second-step';

const meta = { edition: 'international' } as TMeta;
const body = {
  accountDisplayName: 'demo',
  username: 'analyst_01',
  password: 'Analyst@2026',
  mfaMethodType: 'GA' as const,
};
let publicKey = '';
let privateKey: CryptoKey;

function challenge(overrides: Partial<TLoginResult['mfaStatus']> = {}): TLoginResult {
  return {
    token: null,
    mfaStatus: { enable: true, phone: null, email: null, gaAlreadyBinding: true, ...overrides },
    userVo: null,
    authVos: [],
    publicKey,
    uniqueId: 'sign-in-1',
    initialCode: null,
  };
}

type TCall = { url: string; body: Record<string, unknown> };
let calls: TCall[];

function serve(answer: (call: TCall) => unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, body: init.body ? JSON.parse(String(init.body)) : {} };
      calls.push(call);
      return new Response(JSON.stringify(answer(call)));
    }),
  );
}

beforeAll(async () => {
  const pair = await webcrypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  publicKey = Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString('base64');
  privateKey = pair.privateKey as unknown as CryptoKey;
  for (const lang of ['en-US', 'zh-CN'] as const) {
    providePhrases(lang, 'mfa', enMfa);
    providePhrases(lang, 'errors', enErrors);
    providePhrases(lang, 'common', enCommon);
  }
});

beforeEach(() => {
  calls = [];
  vi.stubGlobal('crypto', webcrypto);
});
afterEach(() => vi.unstubAllGlobals());

describe('the second sign-in step', () => {
  it('encrypts the authenticator code with the public key and continues the sign-in', async () => {
    serve(() => ({ code: 0, message: 'ok', data: { ...challenge(), token: 't', userVo: null } }));
    const onLoggedIn = vi.fn();
    render(
      <SecondStep
        meta={meta}
        challenge={challenge()}
        body={body}
        onLoggedIn={onLoggedIn}
        onBack={() => {}}
      />,
    );
    const submit = screen.getByTestId('mfa-submit') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '04291' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '042917' } });
    expect(submit.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(submit);
    });
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    const sent = calls[0]?.body ?? {};
    expect(sent).toMatchObject({
      ...body,
      uniqueId: 'sign-in-1',
      authMethod: 'MFA_LOGIN',
      mfaMethodType: 'GA',
    });
    expect(sent.isMfaReset).toBeUndefined();
    const plain = await webcrypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      privateKey as unknown as webcrypto.CryptoKey,
      Buffer.from(String(sent.code), 'base64'),
    );
    expect(new TextDecoder().decode(plain)).toBe('042917');
  });

  it('keeps the screen with the text of a wrong code, and goes back to the password after too many', async () => {
    let answers = 0;
    serve(() => {
      answers += 1;
      return answers === 1
        ? { code: 4095, message: 'x', data: { remainingAttempts: 4 } }
        : { code: 4096, message: 'x', data: null };
    });
    const onBack = vi.fn();
    render(
      <SecondStep meta={meta} challenge={challenge()} body={body} onLoggedIn={() => {}} onBack={onBack} />,
    );
    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '111111' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('mfa-submit'));
    });
    expect((await screen.findByTestId('mfa-code-error')).textContent).toBe(
      'The verification code does not match. 4 attempts left.',
    );
    expect((screen.getByTestId('mfa-submit') as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByTestId('mfa-submit'));
    });
    await waitFor(() => expect(onBack).toHaveBeenCalledWith('Exceeded the verification limit'));
  });

  it('goes back to the password with the expired sign-in text on 4160', async () => {
    serve(() => ({ code: 4160, message: 'x', data: null }));
    const onBack = vi.fn();
    render(
      <SecondStep meta={meta} challenge={challenge()} body={body} onLoggedIn={() => {}} onBack={onBack} />,
    );
    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '111111' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('mfa-submit'));
    });
    await waitFor(() =>
      expect(onBack).toHaveBeenCalledWith('Verification failed: this sign-in has expired. Log in again.'),
    );
  });

  it('keeps the screen with the text of an expired code (4164): a new code can be sent', async () => {
    serve(() => ({ code: 4164, message: 'x', data: null }));
    const onBack = vi.fn();
    render(
      <SecondStep
        meta={{ edition: 'domestic' } as TMeta}
        challenge={challenge({ phone: '138****0000' })}
        body={{ ...body, mfaMethodType: 'PHONE' as const }}
        onLoggedIn={() => {}}
        onBack={onBack}
      />,
    );
    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '111111' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('mfa-submit'));
    });
    expect((await screen.findByTestId('mfa-code-error')).textContent).toBe(
      'The verification code has expired. Request a new one.',
    );
    expect(onBack).not.toHaveBeenCalled();
  });

  it('shows 4091 and sends nothing when Web Crypto is missing', async () => {
    serve(() => ({ code: 0, message: 'ok', data: null }));
    vi.stubGlobal('crypto', {});
    render(
      <SecondStep meta={meta} challenge={challenge()} body={body} onLoggedIn={() => {}} onBack={() => {}} />,
    );
    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('mfa-submit'));
    });
    expect((await screen.findByTestId('mfa-code-error')).textContent).toBe('Encryption failed');
    expect(calls).toHaveLength(0);
  });

  it('domestic: offers phone first, then e-mail, and sends the code to the chosen one', async () => {
    serve(() => ({
      code: 0,
      message: 'ok',
      data: {
        authCodeType: 'EMAIL',
        target: 'an***@demo.example',
        expiresInSeconds: 600,
        resendAfterSeconds: 60,
      },
    }));
    render(
      <SecondStep
        meta={{ edition: 'domestic' } as TMeta}
        challenge={challenge({ phone: '139****0001', email: 'an***@demo.example', gaAlreadyBinding: false })}
        body={body}
        onLoggedIn={() => {}}
        onBack={() => {}}
      />,
    );
    expect(screen.getByTestId('mfa-step').dataset.mode).toBe('code');
    expect((screen.getByTestId('mfa-channel-SMS') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('mfa-channel-EMAIL'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('mfa-send-code'));
    });
    expect(calls[0]).toMatchObject({
      url: '/api/portal/mfa/sendLoginCode',
      body: { uniqueId: 'sign-in-1', authCodeType: 'EMAIL' },
    });
    expect(screen.getByTestId('mfa-sent').textContent).toContain('an***@demo.example');
    expect(screen.getByTestId('mfa-send-code').dataset.state).toBe('counting');
  });

  it('domestic: starts on e-mail where SMS is not configured, offering SMS disabled with the reason', () => {
    serve(() => ({ code: 0, message: 'ok', data: null }));
    render(
      <SecondStep
        meta={{ edition: 'domestic', adapters: { sms: 'unconfigured', email: 'configured' } } as TMeta}
        challenge={challenge({ phone: '139****0001', email: 'an***@demo.example', gaAlreadyBinding: false })}
        body={body}
        onLoggedIn={() => {}}
        onBack={() => {}}
      />,
    );
    const sms = screen.getByTestId('mfa-channel-SMS') as HTMLInputElement;
    expect(sms.disabled).toBe(true);
    expect((screen.getByTestId('mfa-channel-EMAIL') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('mfa-channel-SMS-unavailable').textContent).toBe(enErrors['4104']);
    expect((screen.getByTestId('mfa-send-code') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('a user with passkeys (issue 22)', () => {
  const renderStep = (overrides: Partial<TLoginResult['mfaStatus']>, edition: TMeta['edition']) =>
    render(
      <SecondStep
        meta={{ ...meta, edition }}
        challenge={challenge({ passkey: true, ...overrides })}
        body={body}
        onLoggedIn={() => {}}
        onBack={() => {}}
      />,
    );

  it('is offered the passkey first, and the authenticator one click away, and back', () => {
    serve(() => ({ code: 0, message: 'ok', data: null }));
    renderStep({}, 'international');
    const step = screen.getByTestId('mfa-step');
    expect(step.getAttribute('data-mode')).toBe('passkey');
    expect(screen.getByRole('heading').textContent).toBe(enMfa.passkey.stepTitle);
    fireEvent.click(screen.getByTestId('passkey-other-method'));
    expect(step.getAttribute('data-mode')).toBe('ga');
    fireEvent.click(screen.getByTestId('passkey-switch'));
    expect(step.getAttribute('data-mode')).toBe('passkey');
    // Nothing was asked of the server on the way.
    expect(calls).toEqual([]);
  });

  it('offers a code in the domestic edition, and no authenticator binding to a user without one', () => {
    serve(() => ({ code: 0, message: 'ok', data: null }));
    const domestic = renderStep({ phone: '138****0000' }, 'domestic');
    expect(screen.getByTestId('passkey-other-method').textContent).toBe(enMfa.passkey.useCode);
    domestic.unmount();
    renderStep({ gaAlreadyBinding: false }, 'international');
    expect(screen.queryByTestId('passkey-other-method')).toBeNull();
    // No binding secret is made for a user who will answer with the passkey.
    expect(calls).toEqual([]);
  });
});
