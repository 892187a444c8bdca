/**
 * A digest of every table's rows, to prove that a refused request changed nothing. Bookkeeping
 * that a request may legitimately touch without changing any state of the product (a session's
 * last-seen time, the wrong-password counters that exist to count refusals) is left out by
 * default; a test may leave out more, and must say why.
 */
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/client';

export type TSnapshotOptions = {
  /** Tables left out entirely. */
  ignoreTables?: readonly string[];
  /** Columns left out, per table. */
  ignoreColumns?: Readonly<Record<string, readonly string[]>>;
};

/**
 * Left out by default: the counters of refused attempts (by name, `login_attempts`; by client
 * address, `address_attempts`), which exist to change when something is refused.
 */
export const defaultSnapshotOptions: Required<TSnapshotOptions> = {
  ignoreTables: ['login_attempts', 'address_attempts', '__drizzle_migrations'],
  ignoreColumns: { sessions: ['last_seen_at'] },
};

export type TSnapshot = Readonly<Record<string, string>>;

/**
 * A partition's rows are its partitioned table's: only the partitioned table is digested (and
 * watched; its triggers reach the partitions).
 */
function isPartition(tableName: string) {
  return sql.raw(`exists (select 1 from pg_class p join pg_namespace n on n.oid = p.relnamespace
    where n.nspname = current_schema() and p.relname = ${tableName} and p.relispartition)`);
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** One digest per table: md5 of its rows' text, in a stable order. */
export async function snapshotDatabase(
  database: TDatabase,
  options: TSnapshotOptions = {},
): Promise<TSnapshot> {
  const ignoreTables = new Set([...defaultSnapshotOptions.ignoreTables, ...(options.ignoreTables ?? [])]);
  const ignoreColumns: Record<string, Set<string>> = {};
  for (const source of [defaultSnapshotOptions.ignoreColumns, options.ignoreColumns ?? {}]) {
    for (const [table, columns] of Object.entries(source)) {
      ignoreColumns[table] = new Set([...(ignoreColumns[table] ?? []), ...columns]);
    }
  }
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await database.db.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and not ${isPartition('t.table_name')}
      order by c.table_name, c.ordinal_position`),
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (ignoreTables.has(table) || ignoreColumns[table]?.has(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const parts = [...byTable.entries()].map(([table, cols]) => {
    const row = `row(${cols.map((c) => `t.${quoteIdent(c)}`).join(', ')})::text`;
    return `select '${table.replaceAll("'", "''")}' as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from ${quoteIdent(table)} t`;
  });
  if (parts.length === 0) return {};
  const rows = rowsOf<{ name: string; digest: string }>(
    await database.db.execute(sql.raw(parts.join(' union all '))),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/** The tables whose rows differ between two snapshots (empty when nothing changed). */
export function changedTables(before: TSnapshot, after: TSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/**
 * A cheaper witness for many requests: triggers on every table append one row per changed row to
 * a log table (rolled-back changes leave nothing), so `changeCount` before and after a request
 * tells whether it changed anything. The same bookkeeping as the snapshot is left out. Install it
 * after seeding; it slows writes down, so only tests that count use it.
 */
export async function installChangeCounter(
  database: TDatabase,
  options: TSnapshotOptions = {},
): Promise<void> {
  const ignoreTables = new Set([...defaultSnapshotOptions.ignoreTables, ...(options.ignoreTables ?? [])]);
  const ignoreColumns: Record<string, string[]> = {};
  for (const source of [defaultSnapshotOptions.ignoreColumns, options.ignoreColumns ?? {}]) {
    for (const [table, columns] of Object.entries(source)) {
      ignoreColumns[table] = [...(ignoreColumns[table] ?? []), ...columns];
    }
  }
  // One statement per call: PGlite prepares every statement.
  await database.db.execute(
    sql.raw(
      'create table if not exists test_change_log (id bigserial primary key, table_name text not null, op text not null)',
    ),
  );
  await database.db.execute(
    sql.raw(`
      create or replace function test_log_change() returns trigger language plpgsql as $$
      declare
        ignored text[] := coalesce(tg_argv, '{}');
        parent text;
      begin
        if tg_op = 'UPDATE' and (to_jsonb(old) - ignored) = (to_jsonb(new) - ignored) then
          return null;
        end if;
        -- A partition's change is its partitioned table's (the trigger is cloned onto partitions).
        select p.relname into parent from pg_inherits i join pg_class p on p.oid = i.inhparent
          where i.inhrelid = tg_relid;
        insert into test_change_log (table_name, op) values (coalesce(parent, tg_table_name), tg_op);
        return null;
      end $$;`),
  );
  const tables = rowsOf<{ table_name: string }>(
    await database.db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'test_change_log'
        and not ${isPartition('table_name')}`),
  );
  for (const { table_name: table } of tables) {
    if (ignoreTables.has(table)) continue;
    const args = (ignoreColumns[table] ?? []).map((c) => `'${c.replaceAll("'", "''")}'`).join(', ');
    await database.db.execute(sql.raw(`drop trigger if exists test_log_change on ${quoteIdent(table)}`));
    await database.db.execute(
      sql.raw(`
        create trigger test_log_change after insert or update or delete on ${quoteIdent(table)}
          for each row execute function test_log_change(${args})`),
    );
  }
}

/** How many row changes the change counter has seen so far. */
export async function changeCount(database: TDatabase): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await database.db.execute(sql`select count(*)::text as n from test_change_log`),
  );
  return Number(row?.n ?? 0);
}

/** The tables changed since a given count (to say what a refused request changed). */
export async function changesSince(database: TDatabase, count: number): Promise<string[]> {
  const rows = rowsOf<{ table_name: string; op: string }>(
    await database.db.execute(sql`select table_name, op from test_change_log order by id offset ${count}`),
  );
  return [...new Set(rows.map((r) => `${r.op.toLowerCase()} ${r.table_name}`))];
}
