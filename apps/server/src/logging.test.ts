import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, cookie, createTestApp, envelope, seedAccount, type TTestApp } from '../test/harness';
import { loggerOptions } from './app';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: loggerOptions('debug', sink) });
});
afterAll(() => t.close());

describe('logs', () => {
  it('carry request ids but never the password, the session token or the cookie', async () => {
    const demo = await seedAccount(t.deps, 'demo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { accountDisplayName: 'demo', username: demo.admin.username, password: demo.admin.password },
    });
    const token = envelope<{ token: string }>(res).data.token;
    await t.app.inject({ method: 'GET', url: '/api/portal/user/getUserAuth', headers: bearer(token) });
    await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCode?authCodeType=EMAIL',
      headers: { ...bearer(token), authmethod: 'UPDATE_USER_INFO' },
    });
    const sent =
      envelope<{ list: { code: string }[] }>(await t.app.inject('/api/dev/outbox')).data.list[0]?.code ?? '';
    expect(sent).toMatch(/^\d{6}$/);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/checkAuthCode?authCodeType=EMAIL',
      headers: { ...bearer(token), authmethod: 'UPDATE_USER_INFO', authcode: sent },
    });
    const checkToken = envelope<{ checkToken: string }>(checked).data.checkToken;
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: cookie(token), payload: {} });
    await t.app.inject({ method: 'GET', url: `/api/nothing?token=${token}&code=123456` });

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(4);
    expect(text).toContain('"reqId"');
    expect(text).not.toContain(demo.admin.password);
    expect(text).not.toContain(token);
    expect(text).not.toContain(`"${sent}"`);
    expect(text).not.toContain(sent.length === 6 ? `code=${sent}` : 'never');
    expect(text).not.toContain(checkToken);
    expect(text).not.toContain('123456');
    expect(text).toContain('[redacted]');
  });
});
