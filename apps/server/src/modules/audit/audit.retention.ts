/**
 * Audit retention: entries older than `AUDIT_RETENTION_DAYS` are removed from the oldest on, per
 * chain, in small batches of short transactions. A batch removes a prefix of the chain (by `seq`)
 * and moves the chain's purge marker to its last entry in the same transaction, so the kept chain
 * stays verifiable from the marker. The chain head row, which sign-ins lock, is never touched.
 */
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../context';
import { rowsOf } from '../../db/client';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { insertAuditEntry, listChains } from './audit.repository';

export const auditRetentionJobKind = 'audit-retention';
const everyMs = 60 * 60_000;
const batch = 1_000;
/** Batches per run; the job comes back a second later while more is due. */
const batchesPerRun = 200;

/** Removes up to one batch of a chain's oldest entries created before `before`; answers how many. */
export async function purgeBatch(deps: TDeps, chain: number, before: Date, size = batch): Promise<number> {
  const rows = rowsOf<{ deleted: number }>(
    await deps.db.execute(sql`
      with head as (
        select seq, created_at from audit_entries
        where coalesce(account_id, 0) = ${chain}
        order by coalesce(account_id, 0), seq
        limit ${size}
      ), stop as (
        select min(seq) as seq from head where created_at >= ${before}
      ), gone as (
        delete from audit_entries e
        where coalesce(e.account_id, 0) = ${chain}
          and e.seq in (select seq from head where seq < coalesce((select seq from stop), 9223372036854775807))
        returning e.seq, e.hash
      ), marked as (
        insert into audit_chain_purges (account_id, seq, hash, purged_at)
        select ${chain}, seq, hash, ${deps.clock.now()} from gone order by seq desc limit 1
        on conflict (account_id) do update set seq = excluded.seq, hash = excluded.hash, purged_at = excluded.purged_at
      )
      select count(*)::int as deleted from gone`),
  );
  return Number(rows[0]?.deleted ?? 0);
}

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
      const n = await purgeBatch(deps, chain, before, options.batchSize ?? batch);
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
