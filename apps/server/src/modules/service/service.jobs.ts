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
import type { FastifyBaseLogger } from 'fastify';
import { ProvisionerError } from '../../adapters/provisioner';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { enqueueJob, type TJob, type TJobHandler } from '../../jobs/runner';
import { writeAudit } from '../audit';
import { pendingInsightUsers, settleInsightUser, type TInsightPending } from './insight.repository';
import { liveInstanceIds, overdueOpeningIds, setOperationId, settleOpening } from './instance.repository';
import { findInstanceById, type TInstanceRecord } from './instance-record';
import { markAllUsersForSync, markSynced, markSyncFailed, pendingSyncs } from './instance-sync.repository';

export const provisionJobKind = 'instance.provision';
export const releaseJobKind = 'instance.release';
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
    objectType: 'instance' as const,
    objectId: String(instance.id),
    objectName: instance.ref.instanceName,
    isSuccess: action !== 'instance.openFailed',
    info: { service: instance.serviceCode, csp: instance.ref.csp, region: instance.ref.region, ...info },
    createdAt: now,
  };
}

/** Queues the provisioning of the instance's current opening attempt. */
export async function enqueueProvision(db: TDb, instanceId: number, attempt: number, runAt: Date) {
  await enqueueJob(db, {
    kind: provisionJobKind,
    payload: { instanceId, attempt },
    runAt,
    dedupeKey: `${provisionJobKind}:${instanceId}:${attempt}`,
    maxAttempts: 10,
  });
}

/** Queues the release of a closed instance on the platform. */
export async function enqueueRelease(db: TDb, instanceId: number, now: Date) {
  await enqueueJob(db, {
    kind: releaseJobKind,
    payload: { instanceId },
    runAt: now,
    dedupeKey: `${releaseJobKind}:${instanceId}`,
    maxAttempts: 10,
  });
}

/** Queues the settling of the instance's Insight users in transition. */
export async function enqueueInsightUsers(db: TDb, instanceId: number, now: Date) {
  await enqueueJob(db, { kind: insightUsersJobKind, payload: { instanceId }, runAt: now });
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
    const isSettled = await settleOpening(tx, {
      instanceId: instance.id,
      attempt: instance.attempt,
      outcome,
      now,
    });
    if (!isSettled) return false;
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
    const instance = await findInstanceById(deps.db, instanceId);
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
        await setOperationId(deps.db, {
          instanceId: instance.id,
          attempt,
          operationId,
          now: deps.clock.now(),
        });
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
  const instance = await findInstanceById(deps.db, instanceId);
  if (!instance || instance.status !== -1) return;
  await deps.provisioner.release(instance.ref);
};

export const userSyncJob: TJobHandler = async (job, deps) => {
  const { instanceId } = job.payload as { instanceId: number };
  const instance = await findInstanceById(deps.db, instanceId);
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
  const instance = await findInstanceById(deps.db, instanceId);
  if (!instance || (instance.status !== 1 && instance.status !== 3)) return;
  await deps.provisioner.syncUsers(
    instance.ref,
    users.map((u) => ({ ...u, displayName: u.username, isAdmin: false, status: 'deleted' as const })),
  );
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
      const isEnable = p.status === InsightUserStatus.USER_STARTING;
      const reason = results.get(p.userId) ?? null;
      const status = reason
        ? isEnable
          ? InsightUserStatus.USER_START_FAIL
          : InsightUserStatus.USER_STOP_FAIL
        : isEnable
          ? InsightUserStatus.USER_START_SUCCESS
          : InsightUserStatus.USER_STOP_SUCCESS;
      const isSettled = await settleInsightUser(tx, {
        instanceId: instance.id,
        userId: p.userId,
        version: p.version,
        status,
        reason,
        now,
      });
      if (!isSettled) continue;
      if (reason) failed.push({ userId: p.userId, reason });
      else succeeded.push(p.userId);
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
  const instance = await findInstanceById(deps.db, instanceId);
  if (!instance || (instance.status !== 1 && instance.status !== 3)) return;
  for (;;) {
    const pending = await pendingInsightUsers(deps.db, instanceId, syncBatch);
    if (pending.length === 0) return;
    let results: Map<number, string | null>;
    try {
      const answer = await deps.provisioner.changeInsightUsers(
        instance.ref,
        pending.map((p) => ({
          userId: p.userId,
          username: p.username,
          enable: p.status === InsightUserStatus.USER_STARTING,
          role: p.role,
        })),
      );
      results = new Map(answer.map((r) => [r.userId, r.isOk ? null : (r.reason ?? 'FAILED')]));
    } catch (error) {
      if (job.attempts < job.maxAttempts) throw error;
      const reason = reasonOf(error);
      results = new Map(pending.map((p) => [p.userId, reason]));
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
  let count = 0;
  for (const id of await overdueOpeningIds(deps.db, before, 100)) {
    const instance = await findInstanceById(deps.db, id);
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
  for (const id of await liveInstanceIds(db, accountId)) {
    await enqueueJob(db, {
      kind: userRemoveJobKind,
      payload: { instanceId: id, users },
      runAt: now,
      maxAttempts: 8,
    });
  }
}
