/**
 * Job-profile share links for the permission matrix and the share tests: a recent job of an
 * instance (asked of the provisioner the app uses), and a live link to it made without a request
 * (its token unknown to anyone), so that revoking has something to act on.
 */
import { randomBytes } from 'node:crypto';
import type { TDeps } from '../src/context';
import { findInstanceById } from '../src/modules/service';
import { insertShare } from '../src/modules/share/share.repository';

/** The id of the newest job of an instance the provisioner knows. */
export async function recentJobId(deps: TDeps, instanceId: number): Promise<string> {
  const instance = await findInstanceById(deps.db, instanceId);
  if (!instance) throw new Error(`no instance ${instanceId}`);
  const [job] = await deps.provisioner.listJobs(instance.ref, { limit: 1 });
  if (!job) throw new Error(`instance ${instanceId} has no jobs`);
  return job.jobId;
}

/** A live link (a day left) to a job of the account's instance, shared by `createdBy`. */
export async function freshShare(
  deps: TDeps,
  input: { accountId: number; instanceId: number; createdBy: number | null },
): Promise<number> {
  const now = deps.clock.now();
  const row = await insertShare(deps.db, {
    accountId: input.accountId,
    instanceId: input.instanceId,
    jobId: await recentJobId(deps, input.instanceId),
    tokenHash: randomBytes(32),
    createdBy: input.createdBy,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return row.id;
}
