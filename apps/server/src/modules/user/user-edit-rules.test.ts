/**
 * The edit-user rules of spec sections 2, 4, 5 and 7 (issue 20): another user's phone and e-mail
 * change only after the administrator's own identity check and the user's agreement; non-+86
 * numbers pass; the edition decides whether phone or e-mail is required; an administrator resets a
 * regular user's password with their own code (`resetPassword`, headers); the sync state after a
 * change, for a page of users in one call, with a retry; managed users are service users
 * (decision 0020) and each call refuses the other kind.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TAuthMethod } from '@console/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  login,
  routeClient,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { devHoldingsIn } from '../../adapters/dev-platform';
import { createDevProvisioner, ProvisionerError } from '../../adapters/provisioner';
import type { TDb } from '../../db/client';
import { auditEntries, contactChangeRequests, users } from '../../db/schema';
import { createJobRunner } from '../../jobs/runner';
import { userSyncJob, userSyncJobKind } from '../service/service.jobs';
import { issueCheckToken } from '../verification/code.service';
import { insertUser } from './user.repository';

const en = { 'cz-lang': 'en-US' };
const zh = { 'cz-lang': 'zh-CN' };
let failSync = false;

function provisioner(clock: () => Date, db: () => TDb) {
  const dev = createDevProvisioner({
    delayMs: 0,
    insightDelayMs: 0,
    consoleUrl: 'http://console.test',
    failureRate: 0,
    now: clock,
    holdings: {
      ownedOn: (names, ids) => devHoldingsIn(db()).ownedOn(names, ids),
      workspacesOn: (name, username) => devHoldingsIn(db()).workspacesOn(name, username),
    },
  });
  return {
    ...dev,
    syncUsers: async (...args: Parameters<typeof dev.syncUsers>) => {
      if (failSync) throw new ProvisionerError('HTTP_503', 'unavailable');
      return dev.syncUsers(...args);
    },
  };
}

type TWorld = { t: TTestApp; demo: TSeededAccount; acme: TSeededAccount; admin: string; member: string };

async function world(env: Record<string, string> = {}): Promise<TWorld> {
  let now = () => new Date();
  let db: () => TDb = () => {
    throw new Error('no database yet');
  };
  const t = await createTestApp({
    env,
    deps: {
      provisioner: provisioner(
        () => now(),
        () => db(),
      ),
    },
  });
  now = () => t.clock.now();
  db = () => t.deps.db;
  const demo = await seedAccount(t.deps, 'demo');
  const acme = await seedAccount(t.deps, 'acme');
  return {
    t,
    demo,
    acme,
    admin: await signIn(t.app, 'demo', demo.admin),
    member: await signIn(t.app, 'demo', demo.member),
  };
}

/** A proof of a verified code of `userId` for `purpose` (what checkAuthCode answers). */
async function proofOf(w: TWorld, userId: number, purpose: TAuthMethod, accountId = w.demo.id) {
  const { checkToken } = await issueCheckToken(w.t.deps, {
    purpose,
    target: { channel: 'email', target: `proof.${userId}@demo.example`, accountId, userId },
  });
  return { authcodetoken: checkToken, authcodetype: 'EMAIL', authmethod: purpose };
}

async function outbox(w: TWorld, to: string) {
  return envelope<{ list: { subject: string; text: string; code: string | null }[] }>(
    await w.t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
  ).data.list;
}

function post(w: TWorld, path: string, token: string, payload: object, headers: Record<string, string> = en) {
  return w.t.app.inject({ method: 'POST', url: path, headers: { ...bearer(token), ...headers }, payload });
}

const confirmPath = '/api/portal/user/updateUserWithConfirm';

describe('contact changes of another user (domestic edition, global phone off)', () => {
  let w: TWorld;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.t.close());

  async function subject(extra: { phone?: string | null; email?: string | null } = {}) {
    return insertUser(w.t.deps.db, {
      accountId: w.demo.id,
      username: `subject_${Math.random().toString(36).slice(2, 8)}`,
      passwordHash: 'x',
      phone: '13700000001',
      email: 'subject@demo.example',
      ...extra,
    });
  }

  it('refuses without the administrator’s identity check (4158), in both languages, and changes nothing', async () => {
    const id = await subject();
    const bare = envelope(await post(w, confirmPath, w.admin, { id, email: 'next@demo.example' }));
    expect(bare.code).toBe(ErrorCode.contactChangeNeedsIdentity);
    expect(bare.message).toContain('verify your own identity');
    const zhBare = envelope(await post(w, confirmPath, w.admin, { id, email: 'next@demo.example' }, zh));
    expect(zhBare.message).toContain('验证您本人的身份');
    // The edit dialog's call refuses contact changes of another user altogether.
    const viaUpdate = envelope(
      await post(w, '/api/portal/user/updateUser', w.admin, { id, phone: '13700000002' }),
    );
    expect(viaUpdate.code).toBe(ErrorCode.contactChangeNeedsIdentity);
    expect(
      await w.t.deps.db.select().from(contactChangeRequests).where(eq(contactChangeRequests.userId, id)),
    ).toEqual([]);
  });

  it('refuses a proof of another user, another purpose, or a spent one', async () => {
    const id = await subject();
    const payload = { id, email: 'proofs@demo.example' };
    const ofMember = await proofOf(w, w.demo.member.id, 'UPDATE_USER_INFO');
    expect(envelope(await post(w, confirmPath, w.admin, payload, { ...en, ...ofMember })).code).toBe(
      ErrorCode.verificationFailed,
    );
    const otherPurpose = await proofOf(w, w.demo.admin.id, 'FIND_PASSWORD');
    expect(envelope(await post(w, confirmPath, w.admin, payload, { ...en, ...otherPurpose })).code).toBe(
      ErrorCode.verificationFailed,
    );
    const good = await proofOf(w, w.demo.admin.id, 'UPDATE_USER_INFO');
    expect(envelope(await post(w, confirmPath, w.admin, payload, { ...en, ...good })).code).toBe(0);
    expect(envelope(await post(w, confirmPath, w.admin, payload, { ...en, ...good })).code).toBe(
      ErrorCode.codeAlreadyUsed,
    );
  });

  it('with a code sent to the administrator, asks the user to agree through the link', async () => {
    const id = await subject();
    const headers = { ...bearer(w.admin), ...en, authmethod: 'UPDATE_USER_INFO' };
    const sent = await w.t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCode?authCodeType=EMAIL',
      headers,
    });
    expect(envelope(sent).code).toBe(0);
    const code = (await outbox(w, 'admin@demo.example'))[0]?.code ?? '';
    const checked = envelope<{ checkToken: string; checkCodeType: string }>(
      await w.t.app.inject({
        method: 'POST',
        url: '/api/portal/common/checkAuthCode?authCodeType=EMAIL',
        headers: { ...headers, authcode: code },
      }),
    ).data;
    const asked = envelope<{ email: string; phone: string | null }>(
      await post(
        w,
        confirmPath,
        w.admin,
        { id, email: 'agreed@demo.example', phone: '13700000003' },
        { ...en, authcodetoken: checked.checkToken, authcodetype: checked.checkCodeType },
      ),
    );
    expect(asked).toMatchObject({
      code: 0,
      data: { email: 'agreed@demo.example', phone: '+86 13700000003' },
    });
    expect((await outbox(w, 'agreed@demo.example'))[0]?.text).toContain('/confirm-change?t=');
    expect((await outbox(w, '+86 13700000003'))[0]?.text).toContain('/confirm-change?t=');
    // Nothing changed yet.
    const [row] = await w.t.deps.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: 'subject@demo.example', phone: '13700000001' });
  });

  it('keeps one’s own contacts to My profile, and other fields to updateUser', async () => {
    const proof = await proofOf(w, w.demo.admin.id, 'UPDATE_USER_INFO');
    const self = envelope<{ fieldErrors: Record<string, string> }>(
      await post(
        w,
        confirmPath,
        w.admin,
        { id: w.demo.admin.id, email: 'me@demo.example' },
        { ...en, ...proof },
      ),
    );
    expect(self.code).toBe(400);
    expect(self.data.fieldErrors.email).toContain('My profile');
    const id = await subject();
    expect(
      envelope(await post(w, '/api/portal/user/updateUser', w.admin, { id, title: 'Product Manager' })).code,
    ).toBe(0);
  });

  it('requires the phone in the domestic edition: a change cannot leave the user without one', async () => {
    const id = await subject({ phone: null });
    const proof = await proofOf(w, w.demo.admin.id, 'UPDATE_USER_INFO');
    const res = envelope<{ fieldErrors: Record<string, string> }>(
      await post(w, confirmPath, w.admin, { id, email: 'nophone@demo.example' }, { ...en, ...proof }),
    );
    expect(res.code).toBe(400);
    expect(res.data.fieldErrors.phone).toBe('Please enter your phone number');
    // The proof was not spent by the refusal: with a phone the same proof goes through.
    const fixed = await post(
      w,
      confirmPath,
      w.admin,
      { id, email: 'nophone@demo.example', phone: '13700000004' },
      { ...en, ...proof },
    );
    expect(envelope(fixed).code).toBe(0);
  });

  it('checks the mainland format with +86, and refuses other country codes while global phone is off', async () => {
    const id = await subject();
    const bad = envelope<{ fieldErrors: Record<string, string> }>(
      await post(
        w,
        confirmPath,
        w.admin,
        { id, phone: '12345' },
        { ...en, ...(await proofOf(w, w.demo.admin.id, 'UPDATE_USER_INFO')) },
      ),
    );
    expect(bad.data.fieldErrors.phone).toBe('Please enter a valid phone number');
    const foreign = envelope(
      await post(
        w,
        confirmPath,
        w.admin,
        { id, phone: '2025550123', phoneCode: '1' },
        { ...en, ...(await proofOf(w, w.demo.admin.id, 'UPDATE_USER_INFO')) },
      ),
    );
    expect(foreign.code).toBe(ErrorCode.featureDisabled);
  });
});

describe('contact changes in the international edition (global phone on)', () => {
  let w: TWorld;
  beforeAll(async () => {
    w = await world({ EDITION: 'international' });
  });
  afterAll(() => w.t.close());

  it('lets non-+86 numbers pass, on the inline check and the change', async () => {
    const id = await insertUser(w.t.deps.db, {
      accountId: w.demo.id,
      username: 'abroad_user',
      passwordHash: 'x',
      email: 'abroad@demo.example',
    });
    const checked = envelope<{ isValid: boolean }>(
      await post(w, '/api/portal/user/checkProperties', w.admin, { id, phone: '2025550123', phoneCode: '1' }),
    );
    expect(checked.data.isValid).toBe(true);
    const asked = envelope<{ phone: string }>(
      await post(
        w,
        confirmPath,
        w.admin,
        { id, phone: '2025550123', phoneCode: '1' },
        { ...en, ...(await proofOf(w, w.demo.admin.id, 'UPDATE_USER_INFO')) },
      ),
    );
    expect(asked).toMatchObject({ code: 0, data: { phone: '+1 2025550123' } });
    expect((await outbox(w, '+1 2025550123'))[0]?.text).toContain('/confirm-change?t=');
  });

  it('requires the e-mail address: a change cannot leave the user without one', async () => {
    const id = await insertUser(w.t.deps.db, {
      accountId: w.demo.id,
      username: 'phone_only',
      passwordHash: 'x',
      phone: '13700000005',
    });
    const res = envelope<{ fieldErrors: Record<string, string> }>(
      await post(
        w,
        confirmPath,
        w.admin,
        { id, phone: '13700000006' },
        { ...en, ...(await proofOf(w, w.demo.admin.id, 'UPDATE_USER_INFO')) },
      ),
    );
    expect(res.code).toBe(400);
    expect(res.data.fieldErrors.email).toBe('Please enter your e-mail address');
  });
});

describe('passwords, managed users and the sync state', () => {
  let w: TWorld;
  const { call, ok } = routeClient(() => w.t.app);
  beforeAll(async () => {
    w = await world();
    await seedOpenedInstance(w.t.deps, w.demo.id);
    await seedOpenedInstance(w.t.deps, w.demo.id, { serviceId: 3 });
  });
  afterAll(() => w.t.close());
  beforeEach(() => {
    failSync = false;
  });

  const runJobs = async () => {
    const runner = createJobRunner(w.t.deps, { [userSyncJobKind]: userSyncJob }, w.t.app.log, {
      pollMs: 1000,
    });
    await runner.drain();
  };
  let seq = 0;
  const regular = async () => {
    seq += 1;
    return (
      await ok<{ id: number }>('addUser', w.admin, { username: `regular_${seq}_x`, password: 'Initial@2026' })
    ).id;
  };
  const service = async () => {
    seq += 1;
    return (
      await ok<{ id: number }>('addManagedUser', w.admin, {
        username: `svc_${seq}_x`,
        password: 'Service@2026',
      })
    ).id;
  };

  it('resets a regular user’s password with the administrator’s own code (headers), 5066 next', async () => {
    const id = await regular();
    const [row] = await w.t.deps.db.select().from(users).where(eq(users.id, id));
    await w.t.deps.db.update(users).set({ mustResetPassword: false }).where(eq(users.id, id));
    const session = await signIn(w.t.app, 'demo', {
      id,
      username: row?.username ?? '',
      password: 'Initial@2026',
    });
    const body = { accountId: w.demo.id, userId: id, password: 'Reset@2026new' };
    // Without a proof, with the user's own proof, or a member: refused.
    expect((await call('resetPassword', w.admin, body)).statusCode).toBe(400);
    const userProof = await proofOf(w, id, 'RESET_USER_PASSWORD_MODAL');
    expect(envelope(await call('resetPassword', w.admin, body, { ...en, ...userProof })).code).toBe(
      ErrorCode.verificationFailed,
    );
    const memberProof = await proofOf(w, w.demo.member.id, 'RESET_USER_PASSWORD_MODAL');
    expect(envelope(await call('resetPassword', w.member, body, { ...en, ...memberProof })).code).toBe(
      ErrorCode.notAccountAdmin,
    );
    const proof = await proofOf(w, w.demo.admin.id, 'RESET_USER_PASSWORD_MODAL');
    expect(envelope(await call('resetPassword', w.admin, body, { ...en, ...proof })).code).toBe(0);
    expect(envelope(await call('getUserAuth', session)).code).toBe(ErrorCode.sessionRevoked);
    expect(envelope(await login(w.t.app, 'demo', row?.username ?? '', 'Reset@2026new')).code).toBe(
      ErrorCode.passwordMustReset,
    );
    const audit = await w.t.deps.db
      .select({ action: auditEntries.action, userId: auditEntries.userId })
      .from(auditEntries)
      .where(and(eq(auditEntries.objectId, String(id)), eq(auditEntries.action, 'user.resetPassword')));
    expect(audit).toEqual([{ action: 'user.resetPassword', userId: w.demo.admin.id }]);
    // A service user's password is the managed call's (4157), with its own message.
    const svc = await service();
    const refused = envelope(
      await call(
        'resetPassword',
        w.admin,
        { ...body, userId: svc },
        {
          ...en,
          ...(await proofOf(w, w.demo.admin.id, 'RESET_USER_PASSWORD_MODAL')),
        },
      ),
    );
    expect(refused.code).toBe(ErrorCode.notRegularUser);
    expect(refused.message).toContain('regular users only');
  });

  it('keeps the managed calls to service users and the regular calls to regular users', async () => {
    const person = await regular();
    const svc = await service();
    const refusals: [Parameters<typeof call>[0], Record<string, unknown>, number][] = [
      ['resetManagedUserPassword', { id: person, password: 'Managed@2026x' }, ErrorCode.notManagedUser],
      ['deleteManagedUser', { ids: [person] }, ErrorCode.notManagedUser],
      ['deleteManagedUser', { ids: [svc, person] }, ErrorCode.notManagedUser],
      ['recoverManagedUser', { ids: [person] }, ErrorCode.notManagedUser],
      ['deleteUser', { ids: [svc] }, ErrorCode.notRegularUser],
      ['recoverUser', { ids: [svc] }, ErrorCode.notRegularUser],
    ];
    const before = await w.t.deps.db.select().from(users).where(eq(users.accountId, w.demo.id));
    for (const [route, payload, code] of refusals) {
      const res = envelope(await call(route, w.admin, payload));
      expect([route, res.code]).toEqual([route, code]);
      expect(res.message.length).toBeGreaterThan(20);
    }
    const zhRes = envelope(await call('deleteUser', w.admin, { ids: [svc] }, zh));
    expect(zhRes.message).toContain('仅适用于普通用户');
    expect(await w.t.deps.db.select().from(users).where(eq(users.accountId, w.demo.id))).toEqual(before);
    // Each kind through its own calls.
    await ok('resetManagedUserPassword', w.admin, { id: svc, password: 'Managed@2026x' });
    const [svcRow] = await w.t.deps.db.select().from(users).where(eq(users.id, svc));
    expect(svcRow?.mustResetPassword).toBe(false);
    expect((await ok<{ count: number }>('deleteManagedUser', w.admin, { ids: [svc] })).count).toBe(1);
    expect((await ok<{ count: number }>('recoverManagedUser', w.admin, { ids: [svc] })).count).toBe(1);
    expect((await ok<{ count: number }>('deleteUser', w.admin, { ids: [person] })).count).toBe(1);
    expect((await ok<{ count: number }>('recoverUser', w.admin, { ids: [person] })).count).toBe(1);
  });

  it('answers the sync state of a page of users in one call, and retries a failed sync', async () => {
    const a = await regular();
    const b = await regular();
    await runJobs();
    type TSync = { status: string; users: { id: number; status: string }[] };
    const settled = await ok<TSync>('checkUserSyncStatus', w.admin, { ids: `${a},${b}` });
    expect(settled).toMatchObject({
      status: 'synced',
      users: [
        { id: a, status: 'synced' },
        { id: b, status: 'synced' },
      ],
    });
    failSync = true;
    await ok('updateUserStatus', w.admin, { ids: [a], status: 0 });
    expect((await ok<TSync>('checkUserSyncStatus', w.admin, { ids: `${a},${b}` })).users).toEqual([
      expect.objectContaining({ id: a, status: 'syncing' }),
      expect.objectContaining({ id: b, status: 'synced' }),
    ]);
    await runJobs();
    const failed = await ok<TSync>('checkUserSyncStatus', w.admin, { ids: `${a},${b}` });
    expect(failed.status).toBe('failed');
    expect(failed.users[0]).toMatchObject({ id: a, status: 'failed' });
    // The spec's call with one id answers the same state.
    expect((await ok<TSync>('checkUserSyncStatus', w.admin, { id: a })).status).toBe('failed');
    failSync = false;
    expect((await ok<{ count: number }>('retryUserSync', w.admin, { ids: [a, b] })).count).toBe(1);
    expect((await ok<TSync>('checkUserSyncStatus', w.admin, { id: a })).status).toBe('syncing');
    await runJobs();
    expect((await ok<TSync>('checkUserSyncStatus', w.admin, { id: a })).status).toBe('synced');
    const audit = await w.t.deps.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(and(eq(auditEntries.objectId, String(a)), eq(auditEntries.action, 'user.syncRetry')));
    expect(audit).toHaveLength(1);
    // Nothing failed: nothing queued, nothing audited.
    expect((await ok<{ count: number }>('retryUserSync', w.admin, { ids: [a] })).count).toBe(0);
    // Another account's users are refused, also among own ones.
    expect(
      envelope(await call('checkUserSyncStatus', w.admin, { ids: `${a},${w.acme.member.id}` })).code,
    ).toBe(403);
    expect(envelope(await call('retryUserSync', w.admin, { ids: [w.acme.member.id] })).code).toBe(403);
    expect((await call('checkUserSyncStatus', w.admin, {})).statusCode).toBe(400);
  });
});
