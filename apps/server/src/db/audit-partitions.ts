/**
 * The audit log's monthly partitions (migration 0013): `audit_entries_YYYY_MM` holds the entries
 * created in that month (UTC), `audit_entries_default` whatever falls outside every partition.
 * Partitions are made ahead (the current and the next month, at start-up and by the retention job);
 * an entry never waits for one, since the default partition takes it, and making the month's
 * partition later moves it there. Retention drops a month's partition once the whole month is
 * older than the retention period, after moving each chain's purge marker to the last entry dropped.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from './client';

/** UTC start of the month that holds `at`, plus `months`. */
export function monthStart(at: Date, months = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

/** Makes the partitions of the months of `at` and the one after; answers how many it created. */
export async function ensureAuditPartitions(db: TDb, at: Date): Promise<number> {
  let created = 0;
  for (const month of [monthStart(at), monthStart(at, 1)]) {
    const [row] = rowsOf<{ created: boolean }>(
      await db.execute(sql`select audit_ensure_partition(${month.toISOString()}::timestamptz) as created`),
    );
    if (row?.created) created += 1;
  }
  return created;
}

export type TAuditPartition = { name: string; from: Date; to: Date };

const partitionName = /^audit_entries_(\d{4})_(\d{2})$/;

/** The monthly partitions, oldest first (not the default one). */
export async function listAuditPartitions(db: TDb): Promise<TAuditPartition[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'audit_entries'::regclass`),
  );
  const partitions: TAuditPartition[] = [];
  for (const { name } of rows) {
    const m = partitionName.exec(name);
    if (!m) continue;
    const from = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
    partitions.push({ name, from, to: monthStart(from, 1) });
  }
  return partitions.sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Drops one monthly partition in one short transaction and answers, per chain, how many entries
 * left it. First, each chain's purge marker moves to the chain's last entry in the partition; the
 * kept chain then starts right after it. An entry numbered before that one but created in a later
 * month (appends that crossed the month's end in flight, milliseconds apart) goes with it, so
 * that the kept chain has no gap.
 */
export async function dropAuditPartition(
  db: TDb,
  partition: TAuditPartition,
  now: Date,
): Promise<Map<number, number>> {
  if (!partitionName.test(partition.name)) throw new Error(`not an audit partition: ${partition.name}`);
  const table = sql.identifier(partition.name);
  return db.transaction(async (tx) => {
    // The drop locks the log for appends: give up rather than queue behind a long reader.
    await tx.execute(sql`set local lock_timeout = '10s'`);
    const moved = rowsOf<{ account_id: string; seq: string; before: string | null }>(
      await tx.execute(sql`
        with last as (
          select h.account_id, p.seq, p.hash
          from audit_chain_heads h
          cross join lateral (
            select e.seq, e.hash from ${table} e
            where coalesce(e.account_id, 0) = h.account_id
            order by coalesce(e.account_id, 0) desc, e.seq desc limit 1
          ) p
        ),
        previous as (
          select l.account_id, m.seq from last l join audit_chain_purges m on m.account_id = l.account_id
        ),
        marked as (
          insert into audit_chain_purges (account_id, seq, hash, purged_at)
          select account_id, seq, hash, ${now} from last
          on conflict (account_id) do update
            set seq = excluded.seq, hash = excluded.hash, purged_at = excluded.purged_at
            where audit_chain_purges.seq < excluded.seq
          returning account_id, seq
        )
        select m.account_id::text, m.seq::text, p.seq::text as before
        from marked m left join previous p on p.account_id = m.account_id`),
    );
    const removed = new Map<number, number>();
    for (const row of moved) {
      const chain = Number(row.account_id);
      const seq = Number(row.seq);
      removed.set(chain, seq - (row.before === null ? 0 : Number(row.before)));
      await tx.execute(sql`
        delete from audit_entries
        where coalesce(account_id, 0) = ${chain} and seq <= ${seq}
          and (created_at < ${partition.from} or created_at >= ${partition.to})`);
    }
    await tx.execute(sql`drop table ${table}`);
    return removed;
  });
}
