/**
 * SQL of the development platform's own records (`dev_platform_holdings`): what the development
 * provisioner answers about users' workspaces and what they own on an instance. Nothing is made up
 * per call: a user holds what the demo seed gave it, and a user created later holds nothing.
 */

import type { TOwnedResources } from '@console/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { devPlatformHoldings, instances, users } from '../db/schema';
import type { TWorkspaceInfo } from './provisioner';

/** What the users own on the named instances, added up. */
export async function sumOwnedOn(
  db: TDb,
  instanceNames: readonly string[],
  userIds: readonly number[],
): Promise<TOwnedResources> {
  if (instanceNames.length === 0 || userIds.length === 0) {
    return { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 };
  }
  const [row] = await db
    .select({
      scheduledTasks: sql<number>`coalesce(sum(${devPlatformHoldings.scheduledTasks}), 0)::int`,
      syncTasks: sql<number>`coalesce(sum(${devPlatformHoldings.syncTasks}), 0)::int`,
      permissionApprovals: sql<number>`coalesce(sum(${devPlatformHoldings.permissionApprovals}), 0)::int`,
    })
    .from(devPlatformHoldings)
    .innerJoin(instances, eq(instances.id, devPlatformHoldings.instanceId))
    .where(
      and(
        inArray(instances.instanceName, [...instanceNames]),
        inArray(devPlatformHoldings.userId, [...userIds]),
      ),
    );
  return {
    scheduledTasks: Number(row?.scheduledTasks ?? 0),
    syncTasks: Number(row?.syncTasks ?? 0),
    permissionApprovals: Number(row?.permissionApprovals ?? 0),
  };
}

/** The workspaces the user of that name (in the instance's account) belongs to on the instance. */
export async function listWorkspacesOn(
  db: TDb,
  instanceName: string,
  username: string,
): Promise<TWorkspaceInfo[]> {
  const rows = await db
    .select({ workspaces: devPlatformHoldings.workspaces, createdAt: devPlatformHoldings.createdAt })
    .from(devPlatformHoldings)
    .innerJoin(instances, eq(instances.id, devPlatformHoldings.instanceId))
    .innerJoin(users, and(eq(users.id, devPlatformHoldings.userId), eq(users.accountId, instances.accountId)))
    .where(and(eq(instances.instanceName, instanceName), sql`lower(${users.username}) = lower(${username})`));
  return rows.flatMap((r) =>
    r.workspaces.map((w) => ({ name: w.name, role: w.role, createTime: r.createdAt.toISOString() })),
  );
}
