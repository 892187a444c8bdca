import enCommon from '@console/phrases/en-us/common';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { setNotifier, type TToast } from '@/lib/notifier';
import { interpretLoginFailure } from './submit-login';

const names = { accountDisplayName: ' demo ', username: 'analyst_01', password: 'whatever' };

function business(code: number, message: string) {
  return new ApiError({ kind: 'business', code, status: 200, path: '/api/login', message, data: null });
}

afterEach(() => {
  window.history.replaceState(null, '', '/login');
});

describe('interpretLoginFailure', () => {
  it('warns and goes to the reset page with both names when the password must be reset (5066)', async () => {
    const shown: TToast[] = [];
    setNotifier({ show: (t) => shown.push(t), notifyApiEvent: () => {} });
    const result = await interpretLoginFailure(
      business(5066, 'Your password must be reset before you can log in'),
      names,
      enCommon,
    );
    expect(result).toEqual({});
    expect(shown).toEqual([{ level: 'warning', title: 'Your password must be reset before you can log in' }]);
    expect(window.location.pathname).toBe('/findPassword');
    const params = new URLSearchParams(window.location.search);
    expect(params.get('account')).toBe('demo');
    expect(params.get('username')).toBe('analyst_01');
  });

  it('shows other refusals as a message and stays on the login page', async () => {
    const result = await interpretLoginFailure(business(4020, 'The user is disabled'), names, enCommon);
    expect(result.message).toEqual({ kind: 'error', text: 'The user is disabled' });
    expect(window.location.pathname).toBe('/login');
  });
});
