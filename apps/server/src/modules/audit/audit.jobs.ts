/**
 * Audit retention: entries older than `AUDIT_RETENTION_DAYS` are removed from the oldest on, per
 * chain, in small batches of short transactions. A batch removes a prefix of the chain (by `seq`)
 * and moves the chain's purge marker to its last entry in the same transaction, so the kept chain
 * stays verifiable from the marker. The chain head row, which sign-ins lock, is never touched.
 */
import type { TDeps } from '../../context';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { deleteChainPrefix, insertAuditEntry, listChains } from './audit.repository';

export const auditRetentionJobKind = 'audit-retention';
const everyMs = 60 * 60_000;
const batch = 1_000;
/** Batches per run; the job comes back a second later while more is due. */
const batchesPerRun = 200;

/** Purges every chain; answers the entries removed and whether more remain due. */
export async function purgeAuditEntries(
  deps: TDeps,
  options: { maxBatches?: number; batchSize?: number } = {},
): Promise<{ deleted: number; hasMore: boolean }> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - deps.config.auditRetentionDays * 86_400_000);
  const maxBatches = options.maxBatches ?? batchesPerRun;
  let batches = 0;
  let deleted = 0;
  let hasMore = false;
  for (const chain of await listChains(deps.db)) {
    let fromChain = 0;
    for (;;) {
      if (batches >= maxBatches) {
        hasMore = true;
        break;
      }
      // One batch of the chain's oldest entries created before `before`.
      const n = await deleteChainPrefix(deps.db, chain, before, options.batchSize ?? batch, deps.clock.now());
      batches += 1;
      fromChain += n;
      if (n < (options.batchSize ?? batch)) break;
      // Let other work through between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (fromChain > 0 && chain !== 0) {
      await insertAuditEntry(deps.db, {
        accountId: chain,
        userId: null,
        username: null,
        action: 'audit.purge',
        objectType: 'audit',
        isSuccess: true,
        info: {
          deleted: fromChain,
          before: before.toISOString(),
          retentionDays: deps.config.auditRetentionDays,
        },
        createdAt: deps.clock.now(),
      });
    }
    deleted += fromChain;
    if (hasMore) break;
  }
  return { deleted, hasMore };
}

export const auditRetentionJob: TJobHandler = async (_job, deps) => {
  const { hasMore } = await purgeAuditEntries(deps);
  const now = deps.clock.now();
  return { nextRunAt: new Date(now.getTime() + (hasMore ? 1_000 : everyMs)) };
};

export async function scheduleAuditRetention(deps: TDeps): Promise<void> {
  await enqueueJob(deps.db, {
    kind: auditRetentionJobKind,
    runAt: deps.clock.now(),
    dedupeKey: auditRetentionJobKind,
  });
}
