/**
 * The development platform answers only what is true of it: the demo seed gave the demo users
 * workspaces and tasks on the demo Lakehouse, and the stand-in answers exactly those, the same on
 * every call; a user added or invited later belongs to no workspace and owns nothing; a user
 * removed for good takes its records with it. Through the API, on PostgreSQL, with the demo data.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, routeClient, signIn, type TTestApp } from '../../test/harness';
import { devPlatformHoldings, users } from '../db/schema';
import { demoAccounts, seedDemo } from '../seed/demo';

type TOwned = { scheduledTasks: number; syncTasks: number; permissionApprovals: number };
type TSpaces = {
  instanceId: number;
  instanceName: string;
  serviceName: string;
  workspaces: { name: string; role: string; createTime: string | null }[];
  isUnavailable: boolean;
}[];

const none: TOwned = { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 };

let t: TTestApp;
let admin: string;
const api = routeClient(() => t.app);
const ids = new Map<string, number>();

/** What the demo seed gave a demo user on the demo Lakehouse. */
function seeded(username: string) {
  const lakehouse = demoAccounts[0]?.instances.find((i) => i.serviceId === 1);
  const holding = lakehouse?.holdings?.find((h) => h.username === username);
  if (!holding) throw new Error(`the demo seed gives ${username} nothing`);
  return holding;
}

const owned = (...usernames: string[]) =>
  api.ok<TOwned>('userOwnedResources', admin, { ids: usernames.map((u) => ids.get(u)).join(',') });
const spaces = (username: string) =>
  api.ok<TSpaces>('listUserWorkspaces', admin, { userId: ids.get(username) });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.deps);
  for (const u of await t.deps.db.select({ id: users.id, username: users.username }).from(users)) {
    ids.set(u.username, u.id);
  }
  admin = await signIn(t.app, 'demo', {
    id: ids.get('admin_demo') ?? 0,
    username: 'admin_demo',
    password: 'Demo@2026pass',
  });
});
afterAll(() => t.close());

describe('the development platform after the demo seed', () => {
  it('answers what the seed gave each demo user, the same on every call', async () => {
    for (const username of ['admin_demo', 'analyst_01', 'svc_loader']) {
      const { scheduledTasks, syncTasks, permissionApprovals } = seeded(username);
      expect(await owned(username), username).toEqual({ scheduledTasks, syncTasks, permissionApprovals });
      expect(await owned(username), username).toEqual({ scheduledTasks, syncTasks, permissionApprovals });
    }
    const admin_ = seeded('admin_demo');
    const analyst = seeded('analyst_01');
    expect(await owned('admin_demo', 'analyst_01')).toEqual({
      scheduledTasks: admin_.scheduledTasks + analyst.scheduledTasks,
      syncTasks: admin_.syncTasks + analyst.syncTasks,
      permissionApprovals: admin_.permissionApprovals + analyst.permissionApprovals,
    });
  });

  it("lists a demo user's workspaces with its roles there, on the Lakehouse only", async () => {
    const answer = await spaces('analyst_01');
    const lakehouse = answer.filter((s) => s.serviceName === 'Lakehouse');
    expect(lakehouse).toHaveLength(1);
    expect(lakehouse[0]?.workspaces.map(({ name, role }) => ({ name, role }))).toEqual(
      seeded('analyst_01').workspaces,
    );
    for (const other of answer.filter((s) => s.serviceName !== 'Lakehouse'))
      expect(other.workspaces).toEqual([]);
    expect(await spaces('analyst_01')).toEqual(answer);
  });

  it('gives a user added or invited a minute ago no workspace and nothing owned', async () => {
    const added = await api.ok<{ id: number }>('addUser', admin, {
      username: 'added_just_now',
      password: 'Added@2026pass',
    });
    const invited = await api.ok<{ id: number }>('addUser', admin, {
      username: 'invited_just_now',
      email: 'invited@demo.example',
      invite: true,
      inviteChannel: 'EMAIL',
    });
    ids.set('added_just_now', added.id);
    ids.set('invited_just_now', invited.id);
    for (const username of ['added_just_now', 'invited_just_now']) {
      expect(await owned(username), username).toEqual(none);
      const answer = await spaces(username);
      expect(answer.length).toBeGreaterThan(0);
      for (const instance of answer)
        expect(instance.workspaces, `${username} on ${instance.instanceName}`).toEqual([]);
    }
    // Added to a demo user's count, it adds nothing.
    const { scheduledTasks, syncTasks, permissionApprovals } = seeded('admin_demo');
    expect(await owned('admin_demo', 'invited_just_now')).toEqual({
      scheduledTasks,
      syncTasks,
      permissionApprovals,
    });
  });

  it('forgets a user removed for good', async () => {
    const svc = ids.get('svc_loader') ?? 0;
    expect(
      await t.deps.db.select().from(devPlatformHoldings).where(eq(devPlatformHoldings.userId, svc)),
    ).toHaveLength(1);
    await api.ok('deleteManagedUser', admin, { ids: [svc], force: true });
    expect(
      await t.deps.db.select().from(devPlatformHoldings).where(eq(devPlatformHoldings.userId, svc)),
    ).toEqual([]);
  });
});
