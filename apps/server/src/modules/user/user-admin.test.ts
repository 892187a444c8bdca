import { routes, type TRouteId } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { auditEntries, jobs, users } from '../../db/schema';
import { createJobRunner } from '../../jobs/runner';
import { userSyncJob, userSyncJobKind } from '../service/service.jobs';
import { issueCheckToken } from '../verification/code.service';

let t: TTestApp;
const { call, ok } = routeClient(() => t.app);
let demo: TSeededAccount;
let acme: TSeededAccount;
let admin: string;
let member: string;
let acmeAdmin: string;
const en = { 'cz-lang': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  await seedOpenedInstance(t.deps, demo.id);
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
  acmeAdmin = await signIn(t.app, 'acme', acme.admin);
});
afterAll(() => t.close());

async function actions(objectId: number): Promise<string[]> {
  const rows = await t.deps.db
    .select({ action: auditEntries.action })
    .from(auditEntries)
    .where(and(eq(auditEntries.objectId, String(objectId)), eq(auditEntries.accountId, demo.id)));
  return rows.map((r) => r.action);
}
let seq = 0;
async function addUser(extra: Record<string, unknown> = {}): Promise<{ id: number; username: string }> {
  seq += 1;
  const username = `user_${seq}_x`;
  const { id } = await ok<{ id: number }>('addUser', admin, {
    username,
    password: 'Initial@2026',
    phone: '13912345678',
    email: `${username}@demo.example`,
    title: 'Test Engineer',
    remark: 'added by a test',
    ...extra,
  });
  return { id, username };
}

/** Resets a regular user's password as the demo administrator, with a proof of their own code. */
async function resetAsAdmin(id: number, password: string) {
  const { checkToken } = await issueCheckToken(t.deps, {
    purpose: 'RESET_USER_PASSWORD_MODAL',
    target: { channel: 'email', target: 'admin@demo.example', accountId: demo.id, userId: demo.admin.id },
  });
  return call(
    'resetPassword',
    admin,
    { accountId: demo.id, userId: id, password },
    {
      ...en,
      authcodetoken: checkToken,
      authcodetype: 'EMAIL',
      authmethod: 'RESET_USER_PASSWORD_MODAL',
    },
  );
}

type TRow = {
  id: number;
  username: string;
  phone: string | null;
  email: string | null;
  isAdmin: boolean;
  status: string;
  pendingChange: unknown;
  purgeTime: string | null;
};
type TList = { list: TRow[]; total: number };

describe('user management', () => {
  it('adds a user who must change the initial password at the first sign-in (5066)', async () => {
    const { id, username } = await addUser();
    const res = envelope(await login(t.app, 'demo', username, 'Initial@2026'));
    expect(res.code).toBe(ErrorCode.passwordMustReset);
    expect(await actions(id)).toContain('user.add');
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ title: 'Test Engineer', remark: 'added by a test', mustResetPassword: true });
  });

  it('refuses a taken username, a bad format, a weak password and a too long remark, with clear messages', async () => {
    const taken = envelope<{ fieldErrors: Record<string, string> }>(
      await call('addUser', admin, { username: 'MEMBER_demo', password: 'Initial@2026' }),
    );
    expect(taken.code).toBe(400);
    expect(taken.data.fieldErrors.username).toBe('This username is already used in the account.');
    const format = envelope<{ fieldErrors: Record<string, string> }>(
      await call('addUser', admin, { username: '1abc', password: 'Initial@2026' }),
    );
    expect(format.data.fieldErrors.username).toContain('Start with a letter');
    expect(envelope(await call('addUser', admin, { username: 'weakling', password: 'Short' })).code).toBe(
      ErrorCode.passwordTooShort,
    );
    const remark = envelope<{ fieldErrors: Record<string, string> }>(
      await call('addUser', admin, {
        username: 'remarker',
        password: 'Initial@2026',
        remark: 'x'.repeat(257),
      }),
    );
    expect(remark.data.fieldErrors.remark).toBe('Enter at most 256 characters');
    const checked = await ok<{ isValid: boolean; fieldErrors: Record<string, string> }>(
      'checkProperties',
      admin,
      {
        username: 'member_demo',
        phone: '123',
        email: 'nope',
      },
    );
    expect(checked.isValid).toBe(false);
    expect(Object.keys(checked.fieldErrors).sort()).toEqual(['email', 'phone', 'username']);
    expect(
      (
        await ok<{ isValid: boolean }>('checkProperties', admin, {
          username: 'member_demo',
          id: demo.member.id,
        })
      ).isValid,
    ).toBe(true);
  });

  it('lists users paged, searched and sorted, with masked contacts unless revealed', async () => {
    const { username } = await addUser({ displayName: 'Zed Findme' });
    const page = await ok<TList>('userList', admin, { pageNo: 1, pageSize: 2 });
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const found = await ok<TList>('userList', admin, { keyword: 'findme' });
    expect(found.list.map((r) => r.username)).toEqual([username]);
    expect(found.list[0]?.phone).toBe('139****5678');
    expect(found.list[0]?.email).toMatch(/^us\*\*\*@demo\.example$/);
    const revealed = await ok<TList>('userList', admin, { keyword: 'FINDME', reveal: true });
    expect(revealed.list[0]?.phone).toBe('13912345678');
    const byName = await ok<TList>('userList', admin, {
      sortField: 'username',
      sortOrder: 'ascend',
      pageSize: 200,
    });
    const names = byName.list.map((r) => r.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await ok<TList>('userList', admin, { keyword: '100%_' })).total).toBe(0);
  });

  it('adds a custom service user that never gets a web session', async () => {
    const { id } = await ok<{ id: number }>('addManagedUser', admin, {
      username: 'svc_nightly',
      password: 'Service@2026',
      remark: 'nightly load',
    });
    expect(envelope(await login(t.app, 'demo', 'svc_nightly', 'Service@2026')).code).toBe(
      ErrorCode.serviceUserNoWebLogin,
    );
    expect(await actions(id)).toContain('user.addService');
    // System service users are listed but can be neither edited nor deleted.
    const [system] = await t.deps.db
      .insert(users)
      .values({
        accountId: demo.id,
        username: 'svc_system',
        passwordHash: 'x',
        kind: 'service',
        serviceKind: 'system',
      })
      .returning({ id: users.id });
    const sid = system?.id as number;
    for (const [route, payload] of [
      ['updateUser', { id: sid, comment: 'x' }],
      ['deleteManagedUser', { ids: [sid] }],
      ['updateUserStatus', { ids: [sid], status: 0 }],
    ] as const) {
      const res = envelope(await call(route, admin, payload));
      expect(res.code).toBe(ErrorCode.systemServiceUser);
      expect(res.message).toContain('System service users');
    }
  });

  it('edits a user: title and remark at once; another user’s e-mail only through the confirm flow (4158)', async () => {
    const { id } = await addUser();
    const refused = envelope(
      await call('updateUser', admin, {
        id,
        name: 'ignored',
        title: 'My custom title',
        comment: 'new remark',
        email: 'moved@demo.example',
        phone: '',
      }),
    );
    expect(refused.code).toBe(ErrorCode.contactChangeNeedsIdentity);
    expect(refused.message).toContain('verify your own identity');
    expect((await t.deps.db.select().from(users).where(eq(users.id, id)))[0]?.title).toBe('Test Engineer');
    const result = await ok<{ pendingChange: unknown }>('updateUser', admin, {
      id,
      name: 'ignored',
      title: 'My custom title',
      comment: 'new remark',
      // Unchanged contacts are no change.
      email: `${(await t.deps.db.select().from(users).where(eq(users.id, id)))[0]?.email}`,
      phone: '',
    });
    expect(result.pendingChange).toBeNull();
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ title: 'My custom title', remark: 'new remark', phone: '13912345678' });
    expect(await actions(id)).toEqual(expect.arrayContaining(['user.update']));
    // One's own contact changes in My profile, with a code.
    const self = envelope<{ fieldErrors: Record<string, string> }>(
      await call('updateUser', admin, { id: demo.admin.id, email: 'other@demo.example' }),
    );
    expect(self.data.fieldErrors.email).toContain('My profile');
  });

  it('disables a user: sessions end at once, the instances follow through a job', async () => {
    const { id, username } = await addUser();
    expect(envelope(await resetAsAdmin(id, 'Second@2026')).code).toBe(0);
    await t.deps.db.update(users).set({ mustResetPassword: false }).where(eq(users.id, id));
    const token = await signIn(t.app, 'demo', { id, username, password: 'Second@2026' });
    expect(envelope(await call('getUserAuth', token)).code).toBe(0);
    expect((await ok<{ count: number }>('updateUserStatus', admin, { ids: [id], status: 0 })).count).toBe(1);
    expect(envelope(await call('getUserAuth', token)).code).toBe(ErrorCode.sessionRevoked);
    expect(envelope(await login(t.app, 'demo', username, 'Second@2026')).code).toBe(ErrorCode.userDisabled);
    expect((await ok<{ status: string }>('checkUserSyncStatus', admin, { id })).status).toBe('syncing');
    const runner = createJobRunner(t.deps, { [userSyncJobKind]: userSyncJob }, t.app.log, { pollMs: 1000 });
    await runner.drain();
    expect((await ok<{ status: string }>('checkUserSyncStatus', admin, { id })).status).toBe('synced');
    expect(await actions(id)).toContain('user.disable');
    await ok('updateUserStatus', admin, { ids: [id], status: 1 });
    expect(await actions(id)).toContain('user.enable');
    const queued = await t.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, userSyncJobKind));
    expect(queued.length).toBeGreaterThanOrEqual(2);
  });

  it('resets another user’s password: sessions end, 5066 at the next sign-in', async () => {
    const { id, username } = await addUser();
    expect(envelope(await resetAsAdmin(id, 'Reset@2026ab')).code).toBe(0);
    expect(envelope(await login(t.app, 'demo', username, 'Reset@2026ab')).code).toBe(
      ErrorCode.passwordMustReset,
    );
    expect(await actions(id)).toContain('user.resetPassword');
    expect(envelope(await resetAsAdmin(id, 'Weak')).code).toBe(ErrorCode.passwordTooShort);
    // Several rules broken at once (too short, no upper-case letter): 5064.
    expect(envelope(await resetAsAdmin(id, 'weak')).code).toBe(ErrorCode.passwordPolicyViolated);
  });

  it('deletes recoverably with a countdown, recovers, and deletes for good', async () => {
    const { id, username } = await addUser();
    // A user added a moment ago owns nothing on the instances.
    expect(await ok('userOwnedResources', admin, { ids: String(id) })).toEqual({
      scheduledTasks: 0,
      syncTasks: 0,
      permissionApprovals: 0,
    });
    await ok('deleteUser', admin, { ids: [id] });
    const deleted = await ok<TRow>('fetchUser', admin, { id });
    expect(deleted.status).toBe('deleted');
    expect(new Date(deleted.purgeTime ?? 0).getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
    expect(envelope(await login(t.app, 'demo', username, 'Initial@2026')).code).toBe(ErrorCode.userDeleted);
    // Also as query (spec).
    const recovered = envelope<{ count: number }>(
      await t.app.inject({
        method: 'POST',
        url: `${routes.recoverUser.path}?ids=${id}`,
        headers: { ...bearer(admin), ...en },
      }),
    );
    expect(recovered.data.count).toBe(1);
    expect((await ok<TRow>('fetchUser', admin, { id })).status).toBe('enabled');
    await ok('deleteUser', admin, { ids: [id], force: true });
    expect(await t.deps.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await actions(id)).toEqual(
      expect.arrayContaining(['user.delete', 'user.recover', 'user.forceDelete']),
    );
  });

  it('cannot recover after the countdown; the retention removes such users', async () => {
    const { id } = await addUser();
    await ok('deleteUser', admin, { ids: [id] });
    t.clock.advance(8 * 86_400_000);
    admin = await signIn(t.app, 'demo', demo.admin);
    member = await signIn(t.app, 'demo', demo.member);
    acmeAdmin = await signIn(t.app, 'acme', acme.admin);
    const late = envelope(await call('recoverUser', admin, { ids: [id] }));
    expect(late.code).toBe(ErrorCode.recoverExpired);
    expect(late.message).toContain('recovery period');
    const { purgeDeletedUsers } = await import('./user-removal.service');
    expect(await purgeDeletedUsers(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await actions(id)).toEqual(expect.arrayContaining(['user.purge']));
  });

  it('bulk disables and deletes a selection', async () => {
    const a = await addUser();
    const b = await addUser();
    expect(
      (await ok<{ count: number }>('updateUserStatus', admin, { ids: [a.id, b.id], status: 0 })).count,
    ).toBe(2);
    expect((await ok<{ count: number }>('deleteUser', admin, { ids: [a.id, b.id] })).count).toBe(2);
  });
});

describe('roles and the last administrator', () => {
  it('lists roles, the highest-id one being the administrator role', async () => {
    const roles = await ok<{ id: number; code: string; isAdminRole: boolean; userCount: number }[]>(
      'roleList',
      admin,
    );
    const adminRole = roles.find((r) => r.isAdminRole);
    expect(adminRole?.id).toBe(Math.max(...roles.map((r) => r.id)));
    expect(adminRole?.code).toBe('account_admin');
    const detail = await ok<{ resources: unknown[] }>('roleDetail', admin, { roleId: adminRole?.id });
    expect(detail.resources.length).toBeGreaterThan(0);
    const holders = await ok<{ list: { username: string }[] }>('roleUserList', admin, {
      roleId: adminRole?.id,
    });
    expect(holders.list.map((u) => u.username)).toContain('admin_demo');
    // Ordinary members get 4037, which the client ignores silently.
    expect(envelope(await call('roleList', member)).code).toBe(ErrorCode.notAccountAdmin);
  });

  it("counts a role's holders as its holder list does, before and after a grant", async () => {
    const roleId = demo.roleIds.account_admin;
    const count = async () =>
      (await ok<{ id: number; userCount: number }[]>('roleList', admin)).find((r) => r.id === roleId)
        ?.userCount;
    const holders = async () =>
      (await ok<{ total: number }>('roleUserList', admin, { roleId, pageSize: 200 })).total;
    const before = await count();
    expect(before).toBe(await holders());
    const { id } = await addUser();
    await ok('grantRoleForUser', admin, { userId: id, roleId });
    expect(await count()).toBe((before ?? 0) + 1);
    expect(await count()).toBe(await holders());
    await ok('deleteRoleForUser', admin, { userId: id, roleId });
    expect(await count()).toBe(before);
  });

  it('grants and removes the administrator role; the last holder keeps it and cannot be disabled or deleted', async () => {
    const roleId = demo.roleIds.account_admin;
    const { id } = await addUser({ isAdmin: true });
    expect(
      (await ok<{ isTenantAdmin: boolean }>('checkTenantAdmin', admin, { userId: id })).isTenantAdmin,
    ).toBe(true);
    await ok('deleteRoleForUser', admin, { userId: id, roleId });
    expect((await ok<{ code: string }[]>('userRoleList', admin, { userId: id })).map((r) => r.code)).toEqual([
      'account_member',
    ]);
    await ok('grantRoleForUser', admin, { userId: id, roleId });
    expect(await actions(id)).toEqual(expect.arrayContaining(['role.grant', 'role.revoke']));
    // With two administrators, one may go; then the other is the last.
    const token = await signIn(t.app, 'demo', demo.admin);
    await ok('deleteRoleForUser', token, { userId: id, roleId });
    for (const [route, payload] of [
      ['deleteRoleForUser', { userId: demo.admin.id, roleId }],
      ['updateUser', { id: demo.admin.id, isAdmin: false }],
    ] as const) {
      const res = envelope(await call(route, admin, payload));
      if (route === 'updateUser') {
        // The administrator flag of oneself is not editable: nothing changes.
        expect(res.code).toBe(0);
      } else {
        expect(res.code).toBe(ErrorCode.lastAdmin);
        expect(res.message).toContain('last account administrator');
      }
    }
    // The other administrator is the last one: another admin cannot disable or delete it.
    await ok('grantRoleForUser', admin, { userId: id, roleId });
    await ok('updateUserStatus', admin, { ids: [id], status: 1 });
    await t.deps.db.update(users).set({ mustResetPassword: false }).where(eq(users.id, id));
    expect(envelope(await resetAsAdmin(id, 'Second@2026')).code).toBe(0);
    await t.deps.db.update(users).set({ mustResetPassword: false }).where(eq(users.id, id));
    const [row] = await t.deps.db.select({ username: users.username }).from(users).where(eq(users.id, id));
    const other = await signIn(t.app, 'demo', { id, username: row?.username ?? '', password: 'Second@2026' });
    await ok('deleteRoleForUser', other, { userId: demo.admin.id, roleId });
    // `other` is now the last administrator: it keeps the role, in both languages.
    const last = envelope(await call('deleteRoleForUser', other, { userId: id, roleId }));
    expect(last.code).toBe(ErrorCode.lastAdmin);
    expect(last.message).toContain('last account administrator');
    const zhRes = envelope(
      await call('deleteRoleForUser', other, { userId: id, roleId }, { 'cz-lang': 'zh-CN' }),
    );
    expect(zhRes.message).toContain('最后一位账户管理员');
    expect(envelope(await call('updateUser', other, { id, isAdmin: false })).code).toBe(0);
    expect((await ok<{ isTenantAdmin: boolean }>('checkTenantAdmin', other)).isTenantAdmin).toBe(true);
    // Disabling or deleting oneself (the only way to reach the last one) is refused.
    expect(envelope(await call('updateUserStatus', other, { ids: [id], status: 0 })).code).toBe(
      ErrorCode.notSelf,
    );
    expect(envelope(await call('deleteUser', other, { ids: [id] })).code).toBe(ErrorCode.notSelf);
    // Restore the demo administrator.
    await ok('grantRoleForUser', other, { userId: demo.admin.id, roleId });
  });

  it('refuses acting on oneself', async () => {
    const res = envelope(await call('updateUserStatus', admin, { ids: [demo.admin.id], status: 0 }));
    expect(res.code).toBe(ErrorCode.notSelf);
    expect(res.message).toContain('own user');
  });
});

describe('the 403 matrix', () => {
  const mine: TRouteId[] = [
    'userList',
    'addUser',
    'addManagedUser',
    'updateUser',
    'updateUserStatus',
    'checkUserSyncStatus',
    'retryUserSync',
    'deleteUser',
    'deleteManagedUser',
    'recoverManagedUser',
    'recoverUser',
    'resetManagedUserPassword',
    'checkProperties',
    'fetchUser',
    'userOwnedResources',
    'roleList',
    'roleDetail',
    'roleUserList',
    'grantRoleForUser',
    'deleteRoleForUser',
  ];
  const payloadFor = (id: TRouteId, userId: number, roleId: number): Record<string, unknown> =>
    ({
      userList: {},
      addUser: { username: 'intruder', password: 'Intruder@2026' },
      addManagedUser: { username: 'intruder', password: 'Intruder@2026' },
      updateUser: { id: userId, comment: 'hacked' },
      updateUserStatus: { ids: [userId], status: 0 },
      checkUserSyncStatus: { id: userId },
      retryUserSync: { ids: [userId] },
      deleteUser: { ids: [userId] },
      deleteManagedUser: { ids: [userId] },
      recoverManagedUser: { ids: [userId] },
      recoverUser: { ids: [userId] },
      resetManagedUserPassword: { id: userId, password: 'Intruder@2026' },
      checkProperties: { username: 'someone' },
      fetchUser: { id: userId },
      userOwnedResources: { ids: String(userId) },
      roleList: {},
      roleDetail: { roleId },
      roleUserList: { roleId },
      grantRoleForUser: { userId, roleId },
      deleteRoleForUser: { userId, roleId },
    })[id as string] ?? {};

  it('refuses ordinary members on every administrator endpoint (4037), and nothing changes', async () => {
    const before = await t.deps.db.select().from(users).where(eq(users.accountId, demo.id));
    for (const id of mine) {
      const res = envelope(await call(id, member, payloadFor(id, demo.admin.id, demo.roleIds.account_admin)));
      expect(res.code, id).toBe(ErrorCode.notAccountAdmin);
    }
    expect(await t.deps.db.select().from(users).where(eq(users.accountId, demo.id))).toEqual(before);
    // A member may ask only about itself.
    expect(envelope(await call('userRoleList', member, { userId: demo.admin.id })).code).toBe(
      ErrorCode.notAccountAdmin,
    );
    expect((await ok<{ isTenantAdmin: boolean }>('checkTenantAdmin', member)).isTenantAdmin).toBe(false);
  });

  it("refuses another account's administrator with 403 for this account's users and roles, and nothing changes", async () => {
    const before = await t.deps.db.select().from(users).where(eq(users.accountId, demo.id));
    for (const id of mine) {
      if (['userList', 'addUser', 'addManagedUser', 'checkProperties', 'roleList'].includes(id)) {
        const res = envelope(await call(id, acmeAdmin, { ...payloadFor(id, 1, 1), accountId: demo.id }));
        expect(res.code, id).toBe(403);
        continue;
      }
      const res = envelope(
        await call(id, acmeAdmin, payloadFor(id, demo.member.id, demo.roleIds.account_admin)),
      );
      expect(res.code, id).toBe(403);
    }
    for (const id of ['userRoleList', 'checkTenantAdmin'] as const) {
      expect(envelope(await call(id, acmeAdmin, { userId: demo.admin.id })).code, id).toBe(403);
    }
    expect(await t.deps.db.select().from(users).where(eq(users.accountId, demo.id))).toEqual(before);
  });
});
