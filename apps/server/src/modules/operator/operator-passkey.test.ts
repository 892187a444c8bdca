/**
 * Operators' passkeys and their own second factor (decision 0050), through the ops listener's app
 * and real WebAuthn ceremonies answered by a software authenticator (test/soft-authenticator.ts):
 * a passkey enrolled at the first sign-in instead of an authenticator app, a passkey as the second
 * step of a later sign-in and as a step-up, the operator's own passkeys (listed, added after a
 * step-up, renamed, removed but never the last second factor), the authenticator replaced, the
 * owner's reset removing every passkey; the refusals (another origin, a spent or foreign
 * challenge, another operator's passkey, a counter that went backwards), each act audited in the
 * installation's chain.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TTestApp } from '../../../test/harness';
import { createPasskey, signWith, type TSoftPasskey } from '../../../test/soft-authenticator';
import { auditEntries, operatorPasskeys, operators, operatorWebauthnChallenges } from '../../db/schema';
import { totpCode } from '../../lib/totp';
import { verifyChains } from '../audit';
import { createOperator } from './operator.service';
import { deleteEndedOperatorChallenges } from './operator-passkey.repository';

let t: TTestApp;
let ops: FastifyInstance;
let origin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OPS_ORIGIN: 'https://ops.example.test' } });
  ops = await t.opsApp();
  origin = t.deps.config.opsOrigin;
});
afterAll(async () => {
  await t?.close();
});

const strongPassword = 'Operator2026Strong';

type TOptions = {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string };
  excludeCredentials: { id: string }[];
  allowCredentials?: { id: string }[];
  rpId?: string;
};
type TFactors = {
  hasAuthenticator: boolean;
  passkeys: { id: number; name: string; lastUsedAt: string | null }[];
  passkeyLimit: number;
};

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, lang = 'en-US') {
  return ops.inject({
    method,
    url,
    headers: { 'cz-lang': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function body<T = unknown>(promise: ReturnType<typeof call>) {
  return envelope<T>(await promise);
}

type TOperator = { username: string; password: string; token: string; passkey: TSoftPasskey };

/** Creates an operator whose first sign-in enrols a passkey: answers its session and passkey. */
async function enrolledWithPasskey(
  username: string,
  role: 'owner' | 'support' = 'support',
): Promise<TOperator> {
  const created = await createOperator(t.deps, null, { username, role }, null);
  const step = await body<{ token: string }>(
    call('POST', '/api/ops/sign-in', null, { username, password: created.oneTimePassword }),
  );
  await body(call('POST', '/api/ops/setup/password', step.data.token, { password: strongPassword }));
  const options = await body<TOptions>(call('POST', '/api/ops/setup/passkey/options', step.data.token));
  const created2 = createPasskey(options.data, { origin });
  const done = await body<{ token: string }>(
    call('POST', '/api/ops/setup/passkey', step.data.token, {
      name: 'Laptop',
      credential: created2.response,
    }),
  );
  expect(done.code).toBe(0);
  return { username, password: strongPassword, token: done.data.token, passkey: created2.passkey };
}

/** A later sign-in: the password, then the passkey. */
async function signInWithPasskey(o: TOperator, passkey = o.passkey) {
  const step = await body<{ token: string; stage: string; secondFactors: string[] }>(
    call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
  );
  expect(step.data.stage).toBe('totp');
  const options = await body<TOptions>(call('POST', '/api/ops/sign-in/passkey/options', step.data.token));
  expect(options.code).toBe(0);
  const answer = signWith(passkey, options.data, { origin });
  return {
    step: step.data,
    options: options.data,
    answer,
    res: await body<{ token: string }>(
      call('POST', '/api/ops/sign-in/passkey', step.data.token, { credential: answer }),
    ),
  };
}

/** Registers one more passkey on a session whose second factor is fresh. */
async function addPasskey(
  token: string,
  name: string,
): Promise<{ passkey: TSoftPasskey; factors: TFactors }> {
  const options = await body<TOptions>(call('POST', '/api/ops/me/passkeys/options', token));
  expect(options.code).toBe(0);
  const created = createPasskey(options.data, { origin });
  const res = await body<TFactors>(
    call('POST', '/api/ops/me/passkeys', token, { name, credential: created.response }),
  );
  expect(res.code).toBe(0);
  return { passkey: created.passkey, factors: res.data };
}

async function installationEntries(objectName: string) {
  return t.deps.db
    .select()
    .from(auditEntries)
    .where(and(isNull(auditEntries.accountId), eq(auditEntries.objectName, objectName)))
    .orderBy(asc(auditEntries.id));
}

describe("a passkey at the first sign-in's setup", () => {
  it('is offered once the password is replaced, refuses another origin, and completes the setup', async () => {
    const created = await createOperator(t.deps, null, { username: 'pk.first', role: 'reviewer' }, null);
    const step = await body<{ token: string; stage: string; secondFactors: string[] }>(
      call('POST', '/api/ops/sign-in', null, { username: 'pk.first', password: created.oneTimePassword }),
    );
    expect(step.data).toMatchObject({ stage: 'setup', secondFactors: [] });
    const token = step.data.token;
    // The one-time password comes first.
    expect((await body(call('POST', '/api/ops/setup/passkey/options', token))).code).toBe(4301);
    await body(call('POST', '/api/ops/setup/password', token, { password: strongPassword }));

    const options = await body<TOptions>(call('POST', '/api/ops/setup/passkey/options', token));
    expect(options.code).toBe(0);
    // The relying party is the back office's own origin, not the customers' console.
    expect(options.data.rp).toMatchObject({ id: 'ops.example.test' });
    expect(new URL(t.deps.config.publicUrl).hostname).not.toBe('ops.example.test');
    // The user handle is opaque: a digest, never the operator's id.
    expect(Buffer.from(options.data.user.id, 'base64url')).toHaveLength(32);

    // A passkey made for another site (the customers' console) does not verify.
    const phishing = createPasskey(options.data, { origin: t.deps.config.publicUrl });
    const refused = await body(
      call(
        'POST',
        '/api/ops/setup/passkey',
        token,
        { name: 'Elsewhere', credential: phishing.response },
        'zh-CN',
      ),
    );
    expect(refused.code).toBe(4381);
    expect(refused.message).toMatch(/[\u4e00-\u9fff]/);
    // Its challenge is spent: answering it again is refused, whatever the answer.
    const again = createPasskey(options.data, { origin });
    expect(
      (
        await body(
          call('POST', '/api/ops/setup/passkey', token, { name: 'Again', credential: again.response }),
        )
      ).code,
    ).toBe(4382);
    // Bad input is a clear field error, never a 500.
    const bad = await body<{ fieldErrors: Record<string, string> }>(
      call('POST', '/api/ops/setup/passkey', token, { name: '', credential: { id: '!' } }),
    );
    expect(bad.code).toBe(400);

    // An authenticator begun, then left for a passkey.
    expect((await body(call('POST', '/api/ops/setup/totp', token))).code).toBe(0);
    const fresh = await body<TOptions>(call('POST', '/api/ops/setup/passkey/options', token));
    const made = createPasskey(fresh.data, { origin });
    const done = await body<{ token: string; operator: { hasAuthenticator: boolean } }>(
      call('POST', '/api/ops/setup/passkey', token, { name: ' YubiKey 5 ', credential: made.response }),
    );
    expect(done).toMatchObject({ code: 0, data: { operator: { hasAuthenticator: false } } });
    // The step's token ended; the session works.
    expect((await call('GET', '/api/ops/me', token)).statusCode).toBe(401);
    expect((await body(call('GET', '/api/ops/me', done.data.token))).code).toBe(0);
    const factors = await body<TFactors>(call('GET', '/api/ops/me/second-factors', done.data.token));
    expect(factors.data).toMatchObject({ hasAuthenticator: false, passkeyLimit: 10 });
    expect(factors.data.passkeys.map((p) => p.name)).toEqual(['YubiKey 5']);
    const [row] = await t.deps.db.select().from(operators).where(eq(operators.username, 'pk.first'));
    expect(row).toMatchObject({ totpSecret: null, totpPendingSecret: null });

    const entries = await installationEntries('pk.first');
    const add = entries.find((e) => e.action === 'operator.passkeyAdd' && e.status === 1);
    expect(add?.info).toMatchObject({
      setup: true,
      passkey: { name: 'YubiKey 5' },
      operator: { role: 'reviewer' },
    });
    const signIn = entries.find((e) => e.action === 'operator.signIn' && e.status === 1);
    expect(signIn?.info).toMatchObject({ method: 'passkey' });
    expect(entries.some((e) => e.action === 'operator.passkeyAdd' && e.status === 0)).toBe(true);
  });

  it('cannot be enrolled beside an authenticator during the setup, nor twice', async () => {
    const o = await enrolledWithPasskey('pk.twice');
    const step = await body<{ token: string; stage: string }>(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    expect(step.data.stage).toBe('totp');
    // A sign-in step's token is not the setup's.
    expect((await body(call('POST', '/api/ops/setup/passkey/options', step.data.token))).code).toBe(4304);
    expect((await body(call('POST', '/api/ops/setup/totp', step.data.token))).code).toBe(4304);
  });
});

describe('the second step of a sign-in', () => {
  it('accepts a passkey instead of the code, once per challenge', async () => {
    const o = await enrolledWithPasskey('pk.signin');
    const first = await signInWithPasskey(o);
    expect(first.step.secondFactors).toEqual(['passkey']);
    expect(first.options.allowCredentials?.map((c) => c.id)).toEqual([
      o.passkey.credentialId.toString('base64url'),
    ]);
    expect(first.res.code).toBe(0);
    expect((await body(call('GET', '/api/ops/me', first.res.data.token))).code).toBe(0);
    const [row] = await t.deps.db
      .select()
      .from(operatorPasskeys)
      .where(eq(operatorPasskeys.credentialId, o.passkey.credentialId.toString('base64url')));
    expect(row?.lastUsedAt).not.toBeNull();

    // The same answer again (another sign-in step): the challenge is spent.
    const step = await body<{ token: string }>(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    expect(
      (await body(call('POST', '/api/ops/sign-in/passkey', step.data.token, { credential: first.answer })))
        .code,
    ).toBe(4382);
    // A code is no answer for an operator without an authenticator.
    expect(
      (await body(call('POST', '/api/ops/sign-in/totp', step.data.token, { code: '123456' }))).code,
    ).toBe(4303);
  });

  it("refuses another operator's passkey, another session's challenge and a counter that went backwards", async () => {
    const o = await enrolledWithPasskey('pk.refuse');
    const other = await enrolledWithPasskey('pk.other');
    const step = await body<{ token: string }>(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    const options = await body<TOptions>(call('POST', '/api/ops/sign-in/passkey/options', step.data.token));
    const foreign = signWith(other.passkey, options.data, { origin });
    expect(
      (await body(call('POST', '/api/ops/sign-in/passkey', step.data.token, { credential: foreign }))).code,
    ).toBe(4380);

    // A challenge asked for by one sign-in step is no good in another.
    const stepA = await body<{ token: string }>(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    const stepB = await body<{ token: string }>(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    const optionsA = await body<TOptions>(call('POST', '/api/ops/sign-in/passkey/options', stepA.data.token));
    const answerA = signWith(o.passkey, optionsA.data, { origin });
    expect(
      (await body(call('POST', '/api/ops/sign-in/passkey', stepB.data.token, { credential: answerA }))).code,
    ).toBe(4382);

    // A counting authenticator whose counter goes backwards may have been cloned.
    const counting = await enrolledCounting('pk.counter');
    const ok = await signInWithPasskey(counting);
    expect(ok.res.code).toBe(0);
    const stepC = await body<{ token: string }>(
      call('POST', '/api/ops/sign-in', null, { username: counting.username, password: counting.password }),
    );
    const optionsC = await body<TOptions>(call('POST', '/api/ops/sign-in/passkey/options', stepC.data.token));
    const cloned = signWith(counting.passkey, optionsC.data, { origin, counter: 1 });
    expect(
      (await body(call('POST', '/api/ops/sign-in/passkey', stepC.data.token, { credential: cloned }))).code,
    ).toBe(4385);

    // Each refusal counted as a failed step, in the trail.
    const failed = (await installationEntries('pk.refuse')).filter(
      (e) => e.action === 'operator.signIn' && e.status === 0,
    );
    expect(failed.map((e) => (e.info as { why: string }).why)).toEqual(['passkey:4380', 'passkey:4382']);
  });

  it('pauses sign-in after five refused passkeys in a row', async () => {
    const o = await enrolledWithPasskey('pk.pause');
    const other = await enrolledWithPasskey('pk.pause.other');
    const step = await body<{ token: string }>(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    for (let i = 0; i < 5; i += 1) {
      const options = await body<TOptions>(call('POST', '/api/ops/sign-in/passkey/options', step.data.token));
      const foreign = signWith(other.passkey, options.data, { origin });
      expect(
        (await body(call('POST', '/api/ops/sign-in/passkey', step.data.token, { credential: foreign }))).code,
      ).toBe(4380);
    }
    expect((await body(call('POST', '/api/ops/sign-in/passkey/options', step.data.token))).code).toBe(4304);
    const paused = await body(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    expect(paused.code).toBe(4300);
    t.clock.advance(15 * 60_000 + 1_000);
  });
});

/** An operator whose passkey keeps a signature counter. */
async function enrolledCounting(username: string): Promise<TOperator> {
  const created = await createOperator(t.deps, null, { username, role: 'finance' }, null);
  const step = await body<{ token: string }>(
    call('POST', '/api/ops/sign-in', null, { username, password: created.oneTimePassword }),
  );
  await body(call('POST', '/api/ops/setup/password', step.data.token, { password: strongPassword }));
  const options = await body<TOptions>(call('POST', '/api/ops/setup/passkey/options', step.data.token));
  const made = createPasskey(options.data, { origin, counter: 5 });
  const done = await body<{ token: string }>(
    call('POST', '/api/ops/setup/passkey', step.data.token, { name: 'Key', credential: made.response }),
  );
  expect(done.code).toBe(0);
  return { username, password: strongPassword, token: done.data.token, passkey: made.passkey };
}

describe('step-up by passkey', () => {
  it('proves the second factor again for the acts that need it fresh', async () => {
    const owner = await enrolledWithPasskey('pk.owner', 'owner');
    const target = await enrolledWithPasskey('pk.target');
    const me = await body<{ operator: { id: number } }>(call('GET', '/api/ops/me', target.token));
    t.clock.advance(10 * 60_000);
    expect((await body(call('GET', '/api/ops/me', owner.token))).code).toBe(0);
    t.clock.advance(6 * 60_000);
    const act = () =>
      body(
        call('POST', '/api/ops/operators/reset-second-factor', owner.token, {
          operatorId: me.data.operator.id,
          reason: 'lost laptop',
        }),
      );
    expect((await act()).code).toBe(4302);
    // The code's step-up is refused to an operator without an authenticator.
    expect((await body(call('POST', '/api/ops/step-up', owner.token, { code: '123456' }))).code).toBe(4303);
    const options = await body<TOptions>(call('POST', '/api/ops/step-up/passkey/options', owner.token));
    const answer = signWith(owner.passkey, options.data, { origin });
    const proved = await body<{ secondFactorAt: string }>(
      call('POST', '/api/ops/step-up/passkey', owner.token, { credential: answer }),
    );
    expect(proved.data.secondFactorAt).toBe(t.clock.now().toISOString());
    // Spent: the same answer proves nothing twice.
    expect(
      (await body(call('POST', '/api/ops/step-up/passkey', owner.token, { credential: answer }))).code,
    ).toBe(4382);

    // The owner's reset removes the target's passkeys too; the next sign-in enrols again.
    const reset = await act();
    expect(reset).toMatchObject({ code: 0, data: { hasAuthenticator: false } });
    expect(
      await t.deps.db
        .select()
        .from(operatorPasskeys)
        .where(eq(operatorPasskeys.operatorId, me.data.operator.id)),
    ).toEqual([]);
    expect((await call('GET', '/api/ops/me', target.token)).statusCode).toBe(401);
    const step = await body<{ token: string; stage: string; mustChangePassword: boolean }>(
      call('POST', '/api/ops/sign-in', null, { username: target.username, password: target.password }),
    );
    expect(step.data).toMatchObject({ stage: 'setup', mustChangePassword: false });
    // Nothing else works until a second factor is enrolled; the old passkey is no longer known.
    expect((await body(call('GET', '/api/ops/me', step.data.token))).code).toBe(4301);
    const again = await body<TOptions>(call('POST', '/api/ops/setup/passkey/options', step.data.token));
    expect(again.data.excludeCredentials).toEqual([]);
    const made = createPasskey(again.data, { origin });
    expect(
      (
        await body(
          call('POST', '/api/ops/setup/passkey', step.data.token, { name: 'New', credential: made.response }),
        )
      ).code,
    ).toBe(0);
    const entry = (await installationEntries('pk.target')).find(
      (e) => e.action === 'operator.resetSecondFactor',
    );
    expect(entry?.info).toMatchObject({ reason: 'lost laptop', removedPasskeys: 1, hadAuthenticator: false });
    const stepUp = (await installationEntries('pk.owner')).find(
      (e) => e.action === 'operator.stepUp' && e.status === 1,
    );
    expect(stepUp?.info).toMatchObject({ method: 'passkey', passkey: { name: 'Laptop' } });
  });
});

describe("an operator's own second factors", () => {
  it('adds a passkey only with a fresh second factor, renames and removes, never the last factor', async () => {
    const o = await enrolledWithPasskey('pk.mine');
    const list = await body<TFactors>(call('GET', '/api/ops/me/second-factors', o.token));
    const laptop = list.data.passkeys[0];
    expect(laptop?.name).toBe('Laptop');

    // The only second factor cannot go.
    expect((await body(call('POST', '/api/ops/me/passkeys/remove', o.token, { id: laptop?.id }))).code).toBe(
      4384,
    );

    t.clock.advance(16 * 60_000);
    expect((await body(call('GET', '/api/ops/me', o.token))).code).toBe(0);
    expect((await body(call('POST', '/api/ops/me/passkeys/options', o.token))).code).toBe(4302);
    const options = await body<TOptions>(call('POST', '/api/ops/step-up/passkey/options', o.token));
    await body(
      call('POST', '/api/ops/step-up/passkey', o.token, {
        credential: signWith(o.passkey, options.data, { origin }),
      }),
    );
    const added = await addPasskey(o.token, 'Phone');
    expect(added.factors.passkeys.map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    const phone = added.factors.passkeys[1];

    const renamed = await body<TFactors>(
      call('POST', '/api/ops/me/passkeys/rename', o.token, { id: phone?.id, name: 'Work phone' }),
    );
    expect(renamed.data.passkeys.map((p) => p.name)).toEqual(['Laptop', 'Work phone']);
    // Another operator's passkey is not one of mine.
    const stranger = await enrolledWithPasskey('pk.stranger');
    expect(
      (
        await body(
          call('POST', '/api/ops/me/passkeys/rename', stranger.token, { id: phone?.id, name: 'Mine' }),
        )
      ).code,
    ).toBe(4386);
    expect(
      (await body(call('POST', '/api/ops/me/passkeys/remove', stranger.token, { id: phone?.id }))).code,
    ).toBe(4386);

    const removed = await body<TFactors>(
      call('POST', '/api/ops/me/passkeys/remove', o.token, { id: laptop?.id }),
    );
    expect(removed.data.passkeys.map((p) => p.name)).toEqual(['Work phone']);
    expect((await body(call('POST', '/api/ops/me/passkeys/remove', o.token, { id: phone?.id }))).code).toBe(
      4384,
    );

    // The removed passkey signs in no more; the other one does.
    const step = await body<{ token: string }>(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    const signInOptions = await body<TOptions>(
      call('POST', '/api/ops/sign-in/passkey/options', step.data.token),
    );
    const old = signWith(o.passkey, signInOptions.data, { origin });
    expect(
      (await body(call('POST', '/api/ops/sign-in/passkey', step.data.token, { credential: old }))).code,
    ).toBe(4380);
    expect((await signInWithPasskey(o, added.passkey)).res.code).toBe(0);

    const acts = (await installationEntries('pk.mine')).filter((e) => e.status === 1).map((e) => e.action);
    expect(acts).toEqual(
      expect.arrayContaining(['operator.passkeyAdd', 'operator.passkeyRename', 'operator.passkeyRemove']),
    );
    const rename = (await installationEntries('pk.mine')).find((e) => e.action === 'operator.passkeyRename');
    expect(rename?.info).toMatchObject({ from: 'Phone', passkey: { name: 'Work phone' } });
  });

  it('adds or replaces the authenticator app, confirmed by the new code; then a passkey may go', async () => {
    const o = await enrolledWithPasskey('pk.totp');
    const started = await body<{ secret: string; otpauthUri: string }>(
      call('POST', '/api/ops/me/authenticator', o.token),
    );
    expect(started.data.otpauthUri).toContain('otpauth://totp/');
    const stale = totpCode(started.data.secret, new Date(t.clock.now().getTime() - 600_000));
    expect(
      (await body(call('POST', '/api/ops/me/authenticator/confirm', o.token, { code: stale }))).code,
    ).toBe(4303);
    const confirmed = await body<TFactors>(
      call('POST', '/api/ops/me/authenticator/confirm', o.token, {
        code: totpCode(started.data.secret, t.clock.now()),
      }),
    );
    expect(confirmed.data.hasAuthenticator).toBe(true);
    expect(
      (await body(call('POST', '/api/ops/me/authenticator/confirm', o.token, { code: '123456' }))).code,
    ).toBe(4387);
    // Both factors now: the sign-in offers both, and the passkey may be removed.
    t.clock.advance(30_000);
    const step = await body<{ token: string; secondFactors: string[] }>(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    expect(step.data.secondFactors).toEqual(['totp', 'passkey']);
    const list = await body<TFactors>(call('GET', '/api/ops/me/second-factors', o.token));
    const removed = await body<TFactors>(
      call('POST', '/api/ops/me/passkeys/remove', o.token, { id: list.data.passkeys[0]?.id }),
    );
    expect(removed.data).toMatchObject({ hasAuthenticator: true, passkeys: [] });

    // Replacing it again: the old secret stops working once the new one is confirmed.
    const [before] = await t.deps.db.select().from(operators).where(eq(operators.username, 'pk.totp'));
    const next = await body<{ secret: string }>(call('POST', '/api/ops/me/authenticator', o.token));
    t.clock.advance(30_000);
    await body(
      call('POST', '/api/ops/me/authenticator/confirm', o.token, {
        code: totpCode(next.data.secret, t.clock.now()),
      }),
    );
    const [after] = await t.deps.db.select().from(operators).where(eq(operators.username, 'pk.totp'));
    expect(after?.totpSecret).not.toBe(before?.totpSecret);
    t.clock.advance(30_000);
    const later = await body<{ token: string }>(
      call('POST', '/api/ops/sign-in', null, { username: o.username, password: o.password }),
    );
    expect(
      (
        await body(
          call('POST', '/api/ops/sign-in/totp', later.data.token, {
            code: totpCode(started.data.secret, t.clock.now()),
          }),
        )
      ).code,
    ).toBe(4303);
    expect(
      (
        await body(
          call('POST', '/api/ops/sign-in/totp', later.data.token, {
            code: totpCode(next.data.secret, t.clock.now()),
          }),
        )
      ).code,
    ).toBe(0);
    const replaced = (await installationEntries('pk.totp')).filter(
      (e) => e.action === 'operator.replaceTotp',
    );
    expect(replaced.map((e) => (e.info as { hadAuthenticator: boolean }).hadAuthenticator)).toEqual([
      false,
      true,
    ]);
  });
});

describe('retention', () => {
  it('removes the challenges a day after they ended, and only those', async () => {
    const o = await enrolledWithPasskey('pk.retention');
    await body(call('POST', '/api/ops/step-up/passkey/options', o.token));
    const live = await t.deps.db.select().from(operatorWebauthnChallenges);
    const ended = live.filter((c) => c.expiresAt.getTime() < t.clock.now().getTime() - 86_400_000);
    expect(
      await deleteEndedOperatorChallenges(t.deps.db, new Date(t.clock.now().getTime() - 86_400_000)),
    ).toBe(ended.length);
    t.clock.advance(86_400_000 + 10 * 60_000);
    const removed = await deleteEndedOperatorChallenges(
      t.deps.db,
      new Date(t.clock.now().getTime() - 86_400_000),
    );
    expect(removed).toBe(live.length - ended.length);
    expect(await t.deps.db.select().from(operatorWebauthnChallenges)).toEqual([]);
  });
});

describe('the trail', () => {
  it("every act above is in the installation's hash chain, which verifies intact", async () => {
    const [report] = await verifyChains(t.deps.db, [0]);
    expect(report).toMatchObject({ chain: 0, isIntact: true, broken: null });
  });
});
