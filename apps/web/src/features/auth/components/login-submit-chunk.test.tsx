/**
 * The login submit is a chunk of its own (loaded at the first submit): when it never arrives, the
 * form shows the spec's load error after 120 seconds, and the submit button is usable again.
 */
import enCommon from '@console/phrases/en-us/common';
import enLogin from '@console/phrases/en-us/login';
import enValidation from '@console/phrases/en-us/validation';
import zhCommon from '@console/phrases/zh-cn/common';
import zhLogin from '@console/phrases/zh-cn/login';
import zhValidation from '@console/phrases/zh-cn/validation';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie } from '@/lib/cookies';
import { testMeta } from '@/testing/meta';
import { LoginForm, type TLoginFormTexts } from './login-form';

// The submit's chunk never arrives.
vi.mock('../lib/submit-login', () => new Promise(() => {}));

beforeEach(() => {
  deleteCookie('cz-recent-accounts');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

async function submitAndWait(texts: TLoginFormTexts, labels: [string, string, string], submit: string) {
  const onLoggedIn = vi.fn();
  render(<LoginForm meta={testMeta()} texts={texts} onLoggedIn={onLoggedIn} />);
  const [account, username, password] = labels;
  fireEvent.change(screen.getByLabelText(account), { target: { value: 'demo' } });
  fireEvent.change(screen.getByLabelText(username), { target: { value: 'admin_demo' } });
  fireEvent.change(screen.getByLabelText(password), { target: { value: 'Demo@2026pass' } });
  fireEvent.click(screen.getByRole('button', { name: submit }));
  await act(() => vi.advanceTimersByTimeAsync(119_000));
  return onLoggedIn;
}

describe('a login submit whose chunk never arrives', () => {
  it('shows the load error after 120 seconds (English)', async () => {
    const texts = { login: enLogin, validation: enValidation, common: enCommon };
    const onLoggedIn = await submitAndWait(texts, ['Account name', 'Username', 'Password'], 'Log in');
    expect(screen.queryAllByText(enCommon.chunkLoadFailed)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    // In the form's message (and its screen-reader announcement).
    expect(screen.getAllByText(enCommon.chunkLoadFailed).length).toBeGreaterThan(0);
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the load error after 120 seconds (Chinese)', async () => {
    const texts = { login: zhLogin, validation: zhValidation, common: zhCommon };
    await submitAndWait(texts, [zhLogin.accountName, zhLogin.username, zhLogin.password], '登录');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getAllByText('页面加载失败，请检查网络后刷新。').length).toBeGreaterThan(0);
  });
});
