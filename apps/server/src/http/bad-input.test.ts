import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, envelope, seedAccount, signIn, type TTestApp } from '../../test/harness';
import { auditEntries, loginAttempts, sessions } from '../db/schema';

let t: TTestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const demo = await seedAccount(t.deps, 'demo');
  token = await signIn(t.app, 'demo', demo.admin);
});
afterAll(() => t.close());

async function snapshot() {
  const [a, b, c] = await Promise.all([
    t.deps.db.select().from(sessions),
    t.deps.db.select().from(loginAttempts),
    t.deps.db.select().from(auditEntries),
  ]);
  return { sessions: a.length, attempts: b.length, audit: c.length };
}

describe('bad input never produces a 500 and changes nothing', () => {
  it('answers malformed JSON with 400', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'cz-lang': 'en-US' },
      payload: '{"accountDisplayName": "demo",',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: 400, message: 'The request body is not valid JSON.' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        accountDisplayName: 'demo',
        username: 'a'.repeat(1024 * 1024 + 10),
        password: 'x',
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelope(res).code).toBe(413);
  });

  it('answers unknown API routes with 404 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portal/nothing/here',
      headers: { 'cz-lang': 'en-US' },
    });
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toEqual({
      code: 404,
      message: 'No API route GET /api/portal/nothing/here.',
      data: null,
    });
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(envelope(post).code).toBe(404);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(envelope(res).code).toBe(415);
  });

  it('refuses prototype-poisoning keys with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"accountDisplayName":"demo","username":"admin_demo","password":"x","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"demo"'],
    ['null', 'null'],
    ['numbers for strings', '{"accountDisplayName":1,"username":2,"password":3}'],
    [
      'deep nesting',
      `{"accountDisplayName":${'['.repeat(500)}${']'.repeat(500)},"username":"a","password":"b"}`,
    ],
    ['control characters', '{"accountDisplayName":"de\\u0000mo","username":"a\\u0007","password":"b"}'],
    [
      'an overlong password',
      JSON.stringify({ accountDisplayName: 'demo', username: 'admin_demo', password: 'p'.repeat(129) }),
    ],
  ])('answers %s in the login body with 400 and field errors', async (_name, payload) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    const body = envelope<{ fieldErrors: Record<string, string> }>(res);
    expect(body.code).toBe(400);
    expect(Object.keys(body.data.fieldErrors).length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(await snapshot()).toEqual(before);
  });

  it('answers invalid query values with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portal/account/getAccountDetail?accountId=abc',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    const neg = await t.app.inject({
      method: 'GET',
      url: '/api/portal/user/getPwdErrorTimes?accountDisplayName=1&username=',
    });
    expect(neg.statusCode).toBe(400);
    expect(Object.keys(envelope<{ fieldErrors: object }>(neg).data.fieldErrors).sort()).toEqual([
      'accountDisplayName',
      'username',
    ]);
  });

  it('ignores unknown fields and carries the request id in every answer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/account/getAccountBaseInfo',
      headers: { ...bearer(token), 'x-request-id': 'trace-1234567' },
      payload: { unexpected: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-1234567');
  });
});
