/**
 * Audit retention: entries are kept `AUDIT_RETENTION_DAYS` at least, and go with their month once
 * the whole month is older than that: the month's partition is dropped after each chain's purge
 * marker moved to its last entry there, so the kept chain stays verifiable from the marker.
 * Entries outside every monthly partition (the default partition, older than the oldest month) are
 * removed from the oldest on, per chain, in small batches of short transactions, each moving the
 * marker too. The chain head row, which sign-ins lock, is never touched. The job also makes the
 * partitions of the current and the next month.
 */
import type { TDeps } from '../../context';
import { dropAuditPartition, ensureAuditPartitions, listAuditPartitions } from '../../db/audit-partitions';
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
  const cutoff = new Date(now.getTime() - deps.config.auditRetentionDays * 86_400_000);
  await ensureAuditPartitions(deps.db, now);
  const removed = new Map<number, number>();
  const partitions = await listAuditPartitions(deps.db);
  for (const partition of partitions.filter((p) => p.to <= cutoff)) {
    for (const [chain, n] of await dropAuditPartition(deps.db, partition, deps.clock.now()))
      removed.set(chain, (removed.get(chain) ?? 0) + n);
  }
  // Row by row only before the oldest kept month: the default partition's old entries.
  const oldestMonth = partitions.find((p) => p.to > cutoff)?.from;
  const before = oldestMonth && oldestMonth < cutoff ? oldestMonth : cutoff;
  const maxBatches = options.maxBatches ?? batchesPerRun;
  let batches = 0;
  let deleted = 0;
  let hasMore = false;
  const chains = new Set([...(await listChains(deps.db)), ...removed.keys()]);
  for (const chain of [...chains].sort((a, b) => a - b)) {
    let fromChain = removed.get(chain) ?? 0;
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
          before: cutoff.toISOString(),
          retentionDays: deps.config.auditRetentionDays,
        },
        createdAt: deps.clock.now(),
      });
    }
    deleted += fromChain;
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
