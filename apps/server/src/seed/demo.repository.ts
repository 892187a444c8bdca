/**
 * SQL of the demo seed (demo.ts): the seed's marker and lock, and the rows the demo writes that
 * no module writes in this shape (an already opened instance with its users in sync).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../db/client';
import {
  appState,
  devPlatformHoldings,
  instances,
  inviteCodes,
  regions,
  serviceVersions,
  users,
} from '../db/schema';

/** Whether the `app_state` marker of that key exists. */
export async function hasAppState(db: TDb, key: string): Promise<boolean> {
  const rows = await db.select({ key: appState.key }).from(appState).where(eq(appState.key, key));
  return rows.length > 0;
}

/** Writes the `app_state` marker of that key. */
export async function insertAppState(db: TDb, key: string, value: Record<string, unknown>): Promise<void> {
  await db.insert(appState).values({ key, value });
}

/** Takes the transaction's advisory lock of that key (released at its end). */
export async function lockSeed(tx: TDb, lockKey: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey})`);
}

/** An invite code, unless it exists. */
export async function insertInviteCode(db: TDb, code: string, maxUses: number): Promise<void> {
  await db.insert(inviteCodes).values({ code, maxUses }).onConflictDoNothing();
}

/** The trial days activation codes added to an account. */
export async function setTrialExtensionDays(tx: TDb, accountId: number, days: number): Promise<void> {
  await tx.execute(sql`
    update accounts set trial_extension_days = ${days} where id = ${accountId}`);
}

export type TDemoInstance = {
  accountId: number;
  serviceId: number;
  version: 'trial' | 'formal';
  csp: string;
  region: string;
  name: string;
  url: string;
  openedAt: Date;
  now: Date;
};

/**
 * An opened instance of a service version and region named by their codes; answers its id (NaN
 * when the catalogue has no such version or region, and then nothing is inserted).
 */
export async function insertOpenedInstance(tx: TDb, i: TDemoInstance): Promise<number> {
  const [target] = await tx
    .select({ versionId: serviceVersions.id, regionId: regions.id })
    .from(serviceVersions)
    .innerJoin(regions, and(eq(regions.csp, i.csp), eq(regions.code, i.region)))
    .where(and(eq(serviceVersions.serviceId, i.serviceId), eq(serviceVersions.code, i.version)));
  if (!target) return Number.NaN;
  const [row] = await tx
    .insert(instances)
    .values({
      accountId: i.accountId,
      serviceId: i.serviceId,
      versionId: target.versionId,
      regionId: target.regionId,
      instanceName: i.name,
      status: 1,
      url: i.url,
      createdAt: i.openedAt,
      openedAt: i.openedAt,
      updatedAt: i.now,
    })
    .returning({ id: instances.id });
  return Number(row?.id);
}

/** Marks every user of the instance as synchronised (the demo's instances start in sync). */
export async function markInstanceSynced(tx: TDb, instanceId: number): Promise<void> {
  await tx.execute(sql`
    update instance_user_sync set synced_version = desired_version where instance_id = ${instanceId}`);
}

/** Enables the named users of the account on the instance's Insight as analysts. */
export async function enableInsightUsers(
  tx: TDb,
  instanceId: number,
  accountId: number,
  usernames: readonly string[],
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into insight_users (instance_id, user_id, account_id, status, role, updated_at)
    select ${instanceId}, u.id, u.account_id, 1, 'analyst', ${now} from users u
     where u.account_id = ${accountId} and u.username = any(${`{${usernames.join(',')}}`}::text[])`);
}

/** What the development platform keeps of one user on an instance (`dev_platform_holdings`). */
export type TDevHolding = {
  userId: number;
  workspaces: { name: string; role: string }[];
  scheduledTasks: number;
  syncTasks: number;
  permissionApprovals: number;
};

/** The development platform's records of the named users of the account on the instance. */
export async function insertDevHoldings(
  tx: TDb,
  instanceId: number,
  accountId: number,
  holdings: readonly (Omit<TDevHolding, 'userId'> & { username: string })[],
  since: Date,
): Promise<void> {
  const found = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        inArray(
          users.username,
          holdings.map((h) => h.username),
        ),
      ),
    );
  const idOf = new Map(found.map((u) => [u.username, u.id]));
  const rows = holdings.flatMap(({ username, ...holding }) => {
    const userId = idOf.get(username);
    return userId === undefined ? [] : [{ instanceId, userId, ...holding, createdAt: since }];
  });
  if (rows.length > 0) await tx.insert(devPlatformHoldings).values(rows);
}
