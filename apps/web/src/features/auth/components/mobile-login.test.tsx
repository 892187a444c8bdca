import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeLanguage } from '@/lib/language';
import { setMeta } from '@/lib/meta';
import { testMeta } from '@/testing/meta';
import MobileLogin from './mobile-login';

function answer(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const signedIn = {
  code: 0,
  message: 'ok',
  data: {
    token: 't',
    mfaStatus: { enable: false, phone: null, email: null, gaAlreadyBinding: false },
    userVo: { accountId: 1, accountDisplayName: 'demo', id: 1, name: 'admin_demo' },
    authVos: [],
    publicKey: null,
    uniqueId: null,
    initialCode: null,
  },
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  setMeta(testMeta());
  // The page is in Chinese: the mobile login still speaks English.
  storeLanguage('zh-CN');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setMeta(null);
});

describe('mobile login', () => {
  it('shows the welcome page in English, then the form with inline errors', async () => {
    render(<MobileLogin />);
    const start = await screen.findByRole('button', { name: 'Login' });
    expect(screen.getByText('Data Platform Console')).toBeTruthy();
    fireEvent.click(start);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter your account name')).toBeTruthy();
    expect(screen.getByText('Please enter username')).toBeTruthy();
    expect(screen.getByText('Please enter password')).toBeTruthy();
    expect(document.activeElement).toBe(field('Account name'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('signs in with the login call and hands over to the embedding page', async () => {
    const fetchMock = answer(signedIn);
    const onSignedIn = vi.fn();
    render(<MobileLogin onSignedIn={onSignedIn} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    fireEvent.change(field('Account name'), { target: { value: ' demo ' } });
    fireEvent.change(field('Username'), { target: { value: 'admin_demo' } });
    fireEvent.change(field('Password'), { target: { value: 'Demo@2026pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(JSON.parse(String(init.body))).toEqual({
      accountDisplayName: 'demo',
      username: 'admin_demo',
      password: 'Demo@2026pass',
    });
  });

  it('reads failures as the page login does: the attempts, then the block counting down with the captcha', async () => {
    let answer429 = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('generateImageCaptcha')) {
          return new Response(
            JSON.stringify({ code: 0, message: 'ok', data: { id: 'cap-1', imageBase64: 'data:,' } }),
          );
        }
        if (answer429) {
          return new Response(
            JSON.stringify({ code: 429, message: 'Too many', data: { retryAfterSeconds: 2 } }),
            { status: 429 },
          );
        }
        return new Response(
          JSON.stringify({
            code: 4019,
            message: 'Wrong',
            data: { current: 1, total: 5, exceed: false, lockRemainingSeconds: 0 },
          }),
        );
      }),
    );
    render(<MobileLogin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    fireEvent.change(field('Account name'), { target: { value: 'demo' } });
    fireEvent.change(field('Username'), { target: { value: 'admin_demo' } });
    fireEvent.change(field('Password'), { target: { value: 'Wrong@2026pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const attempts = await screen.findByTestId('mobile-login-message');
    expect(attempts.dataset.kind).toBe('attempts');
    expect(attempts.textContent).toContain('attempt 1 of 5');
    // Heard once, as given.
    expect(screen.getByRole('alert').textContent).toContain('attempt 1 of 5');

    answer429 = true;
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('mobile-login-message').dataset.kind).toBe('blocked'));
    expect(screen.getByTestId('mobile-login-message').textContent).toContain('in 2 s.');
    expect(await screen.findByTestId('captcha-input')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('mobile-login-message').textContent).toContain('in 1 s.'));
    // The announcement keeps the wait as it was given.
    expect(screen.getByRole('alert').textContent).toContain('in 2 s.');
    await waitFor(() => expect(screen.queryByTestId('mobile-login-message')).toBeNull());
  });
});
