/**
 * The platform's part of service instances, as jobs (see runner.ts: one worker at a time per job,
 * whatever the number of replicas; a dead worker's job is claimed again when its lease ends).
 *
 * - `instance.provision` ({ instanceId, attempt }): starts the opening on the platform once
 *   (the operation id is stored; the provisioner answers the same operation for the same attempt)
 *   and polls it until it succeeds (opened, 1) or fails (openFailed, 2). A platform that does not
 *   answer, or an opening still running at the instance's deadline, ends in openFailed `timeout`.
 * - `instance.release` ({ instanceId }): releases a closed instance on the platform.
 * - `instance.userSync` ({ instanceId }): applies the users' pending status changes to an instance.
 * - `instance.userRemove` ({ instanceId, users }): removes users deleted for good.
 * - `insight.users` ({ instanceId }): settles Insight users in USER_STARTING and USER_STOPING.
 */
import { InsightUserStatus } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ProvisionerError } from '../../adapters/provisioner';
import type { TDeps } from '../../context';
import { rowsOf, type TDb } from '../../db/client';
import { enqueueJob, type TJob, type TJobHandler } from '../../jobs/runner';
import { writeAudit } from '../audit';
import {
  findInstance,
  markAllUsersForSync,
  markSynced,
  markSyncFailed,
  pendingSyncs,
  type TInstanceRecord,
} from './service.repository';
import { provisionJobKind, releaseJobKind } from './service.service';

export const userSyncJobKind = 'instance.userSync';
export const userRemoveJobKind = 'instance.userRemove';
export const insightUsersJobKind = 'insight.users';

const syncBatch = 500;

function reasonOf(error: unknown): string {
  if (error instanceof ProvisionerError) return error.reason;
  return 'PROVISIONER_ERROR';
}

function systemAudit(instance: TInstanceRecord, action: string, now: Date, info: Record<string, unknown>) {
  return {
    accountId: instance.accountId,
    userId: null,
    username: null,
    action,
    objectType: 'instance',
    objectId: String(instance.id),
    objectName: instance.ref.instanceName,
    isSuccess: action !== 'instance.openFailed',
    info: { service: instance.serviceCode, csp: instance.ref.csp, region: instance.ref.region, ...info },
    createdAt: now,
  };
}

/** Queues a sync job for each instance. */
export async function enqueueUserSync(db: TDb, instanceIds: readonly number[], now: Date): Promise<void> {
  for (const instanceId of instanceIds) {
    await enqueueJob(db, { kind: userSyncJobKind, payload: { instanceId }, runAt: now, maxAttempts: 8 });
  }
}

/**
 * Settles the current opening attempt: opened (every user of the account to be synchronised) or
 * openFailed with the reason. Answers false when the instance moved on meanwhile (closed, retried).
 */
async function settle(
  deps: TDeps,
  instance: TInstanceRecord,
  outcome: { url: string } | { reason: string },
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const isOpened = 'url' in outcome;
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update instances
           set status = ${isOpened ? 1 : 2}, url = ${isOpened ? outcome.url : null},
               fail_reason = ${isOpened ? null : outcome.reason}, opened_at = ${isOpened ? now : null},
               deadline_at = null, updated_at = ${now}
         where id = ${instance.id} and status = 0 and attempt = ${instance.attempt}
        returning id`),
    );
    if (rows.length === 0) return false;
    if (isOpened) {
      await markAllUsersForSync(tx, instance.id, instance.accountId, now);
      await enqueueUserSync(tx, [instance.id], now);
    }
    await writeAudit(
      tx,
      systemAudit(instance, isOpened ? 'instance.opened' : 'instance.openFailed', now, {
        attempt: instance.attempt,
        ...(isOpened ? {} : { reason: (outcome as { reason: string }).reason }),
      }),
    );
    return true;
  });
}

export function createProvisionJob(log: FastifyBaseLogger): TJobHandler {
  return async (job, deps) => {
    const { instanceId, attempt } = job.payload as { instanceId: number; attempt: number };
    const instance = await findInstance(deps.db, sql`i.id = ${instanceId}`);
    if (instance?.status !== 0 || instance.attempt !== attempt) return undefined;
    const { pollMs } = deps.config.provisioning;
    const now = deps.clock.now();
    const isOverdue = instance.deadlineAt !== null && instance.deadlineAt.getTime() <= now.getTime();
    try {
      if (!instance.operationId) {
        if (isOverdue) {
          await settle(deps, instance, { reason: 'timeout' });
          return undefined;
        }
        const { operationId } = await deps.provisioner.startOpening(instance.ref);
        await deps.db.execute(sql`
          update instances set operation_id = ${operationId}, updated_at = ${deps.clock.now()}
           where id = ${instance.id} and status = 0 and attempt = ${attempt} and operation_id is null`);
        return { nextRunAt: new Date(deps.clock.now().getTime() + pollMs) };
      }
      const operation = await deps.provisioner.getOperation(instance.ref, instance.operationId);
      if (operation.state === 'succeeded') await settle(deps, instance, { url: operation.url });
      else if (operation.state === 'failed') await settle(deps, instance, { reason: operation.reason });
      else if (isOverdue) await settle(deps, instance, { reason: 'timeout' });
      else return { nextRunAt: new Date(deps.clock.now().getTime() + pollMs) };
      return undefined;
    } catch (error) {
      log.warn({ instanceId, attempt, reason: reasonOf(error) }, 'provisioner call failed');
      if (isOverdue) {
        await settle(deps, instance, { reason: 'timeout' });
        return undefined;
      }
      // Ask again a little later; the deadline bounds the waiting.
      const backoff = Math.min(60_000, pollMs * 2 ** Math.min(6, job.attempts));
      return { nextRunAt: new Date(deps.clock.now().getTime() + backoff) };
    }
  };
}

export const releaseJob: TJobHandler = async (job, deps) => {
  const { instanceId } = job.payload as { instanceId: number };
  const instance = await findInstance(deps.db, sql`i.id = ${instanceId}`);
  if (!instance || instance.status !== -1) return;
  await deps.provisioner.release(instance.ref);
};

export const userSyncJob: TJobHandler = async (job, deps) => {
  const { instanceId } = job.payload as { instanceId: number };
  const instance = await findInstance(deps.db, sql`i.id = ${instanceId}`);
  if (!instance || (instance.status !== 1 && instance.status !== 3)) return;
  for (;;) {
    const pending = await pendingSyncs(deps.db, instanceId, syncBatch);
    if (pending.length === 0) return;
    try {
      await deps.provisioner.syncUsers(
        instance.ref,
        pending.map((p) => ({
          userId: p.userId,
          username: p.username,
          displayName: p.displayName,
          isAdmin: p.isAdmin,
          status: p.desired,
        })),
      );
    } catch (error) {
      await markSyncFailed(
        deps.db,
        instanceId,
        pending.map((p) => p.userId),
        reasonOf(error),
        deps.clock.now(),
      );
      throw error;
    }
    await markSynced(deps.db, instanceId, pending, deps.clock.now());
    if (pending.length < syncBatch) return;
  }
};

export const userRemoveJob: TJobHandler = async (job, deps) => {
  const { instanceId, users } = job.payload as {
    instanceId: number;
    users: { userId: number; username: string }[];
  };
  const instance = await findInstance(deps.db, sql`i.id = ${instanceId}`);
  if (!instance || (instance.status !== 1 && instance.status !== 3)) return;
  await deps.provisioner.syncUsers(
    instance.ref,
    users.map((u) => ({ ...u, displayName: u.username, isAdmin: false, status: 'deleted' as const })),
  );
};

type TInsightPending = {
  user_id: number;
  username: string;
  status: number;
  role: string | null;
  version: number;
};

async function settleInsight(
  deps: TDeps,
  instance: TInstanceRecord,
  pending: readonly TInsightPending[],
  results: ReadonlyMap<number, string | null>,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const succeeded: number[] = [];
    const failed: { userId: number; reason: string }[] = [];
    for (const p of pending) {
      const isEnable = Number(p.status) === InsightUserStatus.USER_STARTING;
      const reason = results.get(Number(p.user_id)) ?? null;
      const status = reason
        ? isEnable
          ? InsightUserStatus.USER_START_FAIL
          : InsightUserStatus.USER_STOP_FAIL
        : isEnable
          ? InsightUserStatus.USER_START_SUCCESS
          : InsightUserStatus.USER_STOP_SUCCESS;
      const rows = rowsOf<{ user_id: number }>(
        await tx.execute(sql`
          update insight_users set status = ${status}, fail_reason = ${reason}, updated_at = ${now}
           where instance_id = ${instance.id} and user_id = ${p.user_id} and version = ${p.version}
          returning user_id`),
      );
      if (rows.length === 0) continue;
      if (reason) failed.push({ userId: Number(p.user_id), reason });
      else succeeded.push(Number(p.user_id));
    }
    if (succeeded.length + failed.length > 0) {
      await writeAudit(tx, {
        ...systemAudit(instance, 'insight.usersApplied', now, { succeeded, failed }),
        isSuccess: failed.length === 0,
      });
    }
  });
}

/** Settles Insight users of an instance; a platform that keeps failing fails the users, never leaves them in transition. */
export const insightUsersJob: TJobHandler = async (job: TJob, deps) => {
  const { instanceId } = job.payload as { instanceId: number };
  const instance = await findInstance(deps.db, sql`i.id = ${instanceId}`);
  if (!instance || (instance.status !== 1 && instance.status !== 3)) return;
  for (;;) {
    const pending = rowsOf<TInsightPending>(
      await deps.db.execute(sql`
        select x.user_id, u.username, x.status, x.role, x.version
          from insight_users x join users u on u.id = x.user_id
         where x.instance_id = ${instanceId} and x.status in (0, 3)
         order by x.user_id limit ${syncBatch}`),
    );
    if (pending.length === 0) return;
    let results: Map<number, string | null>;
    try {
      const answer = await deps.provisioner.changeInsightUsers(
        instance.ref,
        pending.map((p) => ({
          userId: Number(p.user_id),
          username: p.username,
          enable: Number(p.status) === InsightUserStatus.USER_STARTING,
          role: p.role,
        })),
      );
      results = new Map(answer.map((r) => [r.userId, r.isOk ? null : (r.reason ?? 'FAILED')]));
    } catch (error) {
      if (job.attempts < job.maxAttempts) throw error;
      const reason = reasonOf(error);
      results = new Map(pending.map((p) => [Number(p.user_id), reason]));
    }
    await settleInsight(deps, instance, pending, results);
    if (pending.length < syncBatch) return;
  }
};

/** Opening attempts past their deadline whose job was lost: openFailed `timeout`. */
export async function failOverdueOpenings(deps: TDeps): Promise<number> {
  const now = deps.clock.now();
  // A grace of a few polls lets a running job settle first.
  const before = new Date(now.getTime() - 5 * deps.config.provisioning.pollMs - 60_000);
  const rows = rowsOf<{ id: number }>(
    await deps.db.execute(sql`
      select id from instances where status = 0 and deadline_at < ${before} order by deadline_at limit 100`),
  );
  let count = 0;
  for (const { id } of rows) {
    const instance = await findInstance(deps.db, sql`i.id = ${id}`);
    if (instance && (await settle(deps, instance, { reason: 'timeout' }))) count += 1;
  }
  return count;
}

/** Every job kind of the services feature. */
export function instanceJobHandlers(log: FastifyBaseLogger): Record<string, TJobHandler> {
  return {
    [provisionJobKind]: createProvisionJob(log),
    [releaseJobKind]: releaseJob,
    [userSyncJobKind]: userSyncJob,
    [userRemoveJobKind]: userRemoveJob,
    [insightUsersJobKind]: insightUsersJob,
  };
}

/** Queues the removal of users deleted for good from every live instance of the account. */
export async function enqueueUserRemoval(
  db: TDb,
  accountId: number,
  users: readonly { userId: number; username: string }[],
  now: Date,
): Promise<void> {
  if (users.length === 0) return;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select id from instances where account_id = ${accountId} and status in (1, 3)`),
  );
  for (const { id } of rows) {
    await enqueueJob(db, {
      kind: userRemoveJobKind,
      payload: { instanceId: Number(id), users },
      runAt: now,
      maxAttempts: 8,
    });
  }
}
