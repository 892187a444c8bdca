/**
 * The back office's sign-in under the limits per client address (decision 0012): failed
 * passwords and authenticator codes from one address, whatever operator names they try, block
 * the address for a while (429 with Retry-After), also for a right password; another address goes
 * on. The failures count with the customers' sign-ins of that address.
 */
import { ErrorCode } from '@console/contract/codes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TTestApp } from '../../../test/harness';
import { createTotpSecret, totpCode } from '../../lib/totp';
import { updateOperator } from './operator.repository';
import { createOperator } from './operator.service';

let t: TTestApp;
let ops: FastifyInstance;
const password = 'Limited2026Operator';
let secret = '';

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ADDRESS_LIMIT_WINDOW_SECONDS: '600',
      ADDRESS_CAPTCHA_AFTER_FAILURES: '2',
      ADDRESS_BLOCK_AFTER_FAILURES: '4',
      ADDRESS_BLOCK_SECONDS: '60',
    },
  });
  ops = await t.opsApp();
  const created = await createOperator(t.deps, null, { username: 'limited.owner', role: 'owner' }, null);
  secret = createTotpSecret();
  await updateOperator(t.deps.db, created.operator.id, {
    passwordHash: await t.deps.hasher.hash(password),
    mustChangePassword: false,
    totpSecret: t.deps.secrets.seal(secret),
  });
});
afterAll(async () => {
  await t?.close();
});

async function post(url: string, payload: object, address: string, token?: string) {
  const res = await ops.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { 'cz-lang': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return {
    status: res.statusCode,
    retryAfter: res.headers['retry-after'],
    ...envelope<{ token: string }>(res),
  };
}

describe("the back office's sign-in from one address", () => {
  it('is blocked after repeated failures of any names and codes; another address goes on', async () => {
    const from = '198.51.100.7';
    // Two wrong passwords of two names, and a wrong code after a right password.
    expect(
      (await post('/api/ops/sign-in', { username: 'nobody', password: 'Wrong2026Pass' }, from)).code,
    ).toBe(ErrorCode.opsSignInFailed);
    expect(
      (await post('/api/ops/sign-in', { username: 'limited.owner', password: 'Wrong2026Pass' }, from)).code,
    ).toBe(ErrorCode.opsSignInFailed);
    const step = await post('/api/ops/sign-in', { username: 'limited.owner', password }, from);
    expect(step.code).toBe(0);
    expect((await post('/api/ops/sign-in/totp', { code: '000000' }, from, step.data.token)).code).toBe(
      ErrorCode.opsCodeWrong,
    );
    // The fourth failure starts the block: it is answered 429 itself.
    const fourth = await post(
      '/api/ops/sign-in',
      { username: 'someone.else', password: 'Wrong2026Pass' },
      from,
    );
    expect(fourth.status).toBe(429);
    expect(Number(fourth.retryAfter)).toBeGreaterThan(0);
    // Blocked: the right password and the right code are refused too, before any check.
    expect((await post('/api/ops/sign-in', { username: 'limited.owner', password }, from)).status).toBe(429);
    const code = totpCode(secret, t.deps.clock.now());
    expect((await post('/api/ops/sign-in/totp', { code }, from, step.data.token)).status).toBe(429);
    // The customers' sign-in from that address is blocked with it.
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: from,
      headers: { 'cz-lang': 'en-US' },
      payload: { accountDisplayName: 'any', username: 'any', password: 'Wrong2026Pass' },
    });
    expect(customer.statusCode).toBe(429);

    // Another address signs in.
    const other = '198.51.100.8';
    const fresh = await post('/api/ops/sign-in', { username: 'limited.owner', password }, other);
    expect(fresh.code).toBe(0);
    const session = await post('/api/ops/sign-in/totp', { code }, other, fresh.data.token);
    expect(session.code).toBe(0);

    // The block ends.
    t.clock.advance(61_000);
    const later = await post('/api/ops/sign-in', { username: 'limited.owner', password }, from);
    expect(later.code).toBe(0);
  });
});

describe('a refused passkey at the second step', () => {
  it('counts against the address like a wrong code (decision 0050): the fourth starts the block', async () => {
    const from = '198.51.100.9';
    const step = await post('/api/ops/sign-in', { username: 'limited.owner', password }, from);
    expect(step.code).toBe(0);
    // The owner has no passkey: a made-up assertion answers a challenge nobody asked for.
    const credential = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: Buffer.from(JSON.stringify({ challenge: 'never-asked' })).toString('base64url'),
        authenticatorData: 'AAAA',
        signature: 'AAAA',
      },
    };
    for (let i = 0; i < 3; i += 1) {
      const refused = await post('/api/ops/sign-in/passkey', { credential }, from, step.data.token);
      expect(refused.code).toBe(ErrorCode.opsPasskeyChallengeExpired);
    }
    expect((await post('/api/ops/sign-in/passkey', { credential }, from, step.data.token)).status).toBe(429);
    expect((await post('/api/ops/sign-in', { username: 'limited.owner', password }, from)).status).toBe(429);
    t.clock.advance(61_000);
  });
});
