/**
 * What the route fuzzing found, pinned: each case once, with the answer it must get.
 * - An id beyond its column's range (services.id is a smallint) reached the database: 500.
 * - A NUL character in any text field reached the database (which cannot store one): 500.
 * - A list of 100,000 wrong items (the password policy's character types have no maximum) was
 *   answered with 100,000 field errors: 7 MB for 200 KB sent.
 * - The router's own refusals (an overlong path parameter, a path that does not decode) bypassed
 *   the error handler: Fastify's plain JSON (no envelope) that echoed the path.
 */
import { ErrorCode } from '@console/contract/codes';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrorsOf, maxFieldErrors } from '../../src/http/validation';
import { changeCount, installChangeCounter } from '../db-snapshot';
import { createTestApp, type TTestApp } from '../harness';
import { createFixture, type TFixture } from './fixture';

let t: TTestApp;
let fixture: TFixture;
const logs: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
  });
  fixture = await createFixture(t.deps);
  await installChangeCounter(t.deps.database);
});
afterAll(() => t.close());

function expectEnvelope(res: LightMyRequestResponse, code: number) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { code: number; message: string; data: unknown };
  expect(body.code).toBe(code);
  expect(body.message).not.toBe('');
  return body;
}

describe('found by the route fuzzing', () => {
  it.each([
    ['/api/portal/service/serviceVersionList', { serviceId: 9_007_199_254_740_991 }],
    ['/api/portal/service/getRegionListByServiceId', { serviceId: 40_000 }],
    ['/api/portal/service/createInstance', { serviceId: 9_007_199_254_740_990, versionId: 8, regionId: 757 }],
    ['/api/portal/account/updateAccountInfo', { companyName: 'a\u0000b' }],
    ['/api/portal/user/updateProfile', { displayName: 'a\u0000b' }],
    ['/api/portal/user/userList', { keyword: 'a\u0000b' }],
  ])('refuses what the database cannot hold with 400, not 500: %s %j', async (url, payload) => {
    const before = await changeCount(t.deps.database);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${fixture.token}`, 'cz-lang': 'en-US' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, ErrorCode.badRequest).data).toEqual({ fieldErrors: {} });
    expect(res.body).not.toMatch(/smallint|out of range|select /i);
    expect(await changeCount(t.deps.database)).toBe(before);
    // Logged as the client's fault (warn), not as an unexpected error.
    expect(logs.some((line) => JSON.parse(line).level >= 50)).toBe(false);
  });

  it('names at most 50 fields in a refusal, however many items are wrong', async () => {
    const before = await changeCount(t.deps.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/password/policy/save',
      headers: {
        authorization: `Bearer ${fixture.token}`,
        'cz-lang': 'en-US',
        'content-type': 'application/json',
      },
      payload: `{"minLength":9,"expireDays":205,"requiredCharTypes":[${Array(100_000).fill('0').join(',')}]}`,
    });
    expect(res.statusCode).toBe(400);
    const body = expectEnvelope(res, ErrorCode.badRequest) as {
      data: { fieldErrors: Record<string, string> };
    };
    // The contract bounds this list now; the cap still holds for any list it does not bound.
    expect(Object.keys(body.data.fieldErrors).length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.data.fieldErrors).length).toBeLessThanOrEqual(maxFieldErrors);
    const issues = Array.from({ length: 100_000 }, (_, i) => ({
      code: 'invalid_value' as const,
      path: ['items', i],
      message: 'bad',
      values: ['A'],
      input: '0',
    }));
    expect(Object.keys(fieldErrorsOf('en-US', issues, 'body'))).toHaveLength(maxFieldErrors);
    expect(res.body.length).toBeLessThan(8 * 1024);
    expect(await changeCount(t.deps.database)).toBe(before);
  });

  it('answers an overlong path parameter with the envelope, without echoing the path', async () => {
    const long = 'a'.repeat(10_000);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/portal/billing/recharge/${long}`,
      headers: { authorization: `Bearer ${fixture.token}`, 'cz-lang': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    const body = expectEnvelope(res, ErrorCode.badRequest);
    expect(body.message).toBe('The request is invalid. Check the highlighted fields and try again.');
    expect(res.body).not.toContain(long.slice(0, 200));
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers a path that does not decode with the envelope in the request’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/face/%FF?token=x',
      headers: { 'cz-lang': 'zh-CN' },
    });
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, ErrorCode.badRequest).message).toBe('请求参数有误，请检查标出的字段后重试。');
    expect(res.body).not.toContain('FST_ERR');
  });
});
