/**
 * Database client: a real PostgreSQL through node-postgres when a URL is given, otherwise the
 * embedded PGlite (PostgreSQL in WASM) in a data folder. Both are driven through drizzle.
 */
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type TSchema = typeof schema;
/** A database handle or a transaction: repositories accept either. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

/**
 * A raw statement on the driver, for the hottest paths (sign-in, session lookup): on PostgreSQL it
 * runs as a named prepared statement (parsed and planned once per connection), and it skips the
 * query builder. `text` uses $1…$n placeholders; `name` must be unique per text.
 */
export type TQuery = <T>(name: string, text: string, values: readonly unknown[]) => Promise<T[]>;

export type TDatabase = {
  db: TDb;
  query: TQuery;
  kind: 'postgres' | 'pglite';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type TDatabaseOptions = {
  /** postgres://… ; null for the embedded PGlite. */
  url: string | null;
  /** PGlite data folder; null for an in-memory PGlite. */
  dataDir: string | null;
  poolSize?: number;
  /** Called when an idle pooled connection fails (the pool replaces it). */
  onPoolError?: (error: Error) => void;
  /**
   * Named prepared statements (default true). False for a pooler in transaction mode that cannot
   * keep them: every statement then goes unnamed, parsed on each call.
   */
  preparedStatements?: boolean;
};

export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // int8 (bigint ids, counts) as numbers: ids stay far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', (error) => options.onPoolError?.(error));
    // The pool listens for errors of idle clients only. A checked-out client that loses its
    // connection between two statements (a transaction's, when the database stops) would emit an
    // unhandled 'error' event and end the process; with this listener its next statement fails
    // instead (an outage answer, 503) and the pool drops the client when it comes back.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      if (options.preparedStatements === false) unnameStatements(client);
    });
    const db = drizzle(pool, { schema }) as unknown as TDb;
    return {
      db,
      query: async <T>(name: string, text: string, values: readonly unknown[]) =>
        (await pool.query({ name, text, values: values as unknown[] })).rows as T[],
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // pg_trgm serves the substring search of the user list (as on a PostgreSQL server).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pgliteOptions = {
    parsers: { 20: (v: string) => Number.parseInt(v, 10) },
    extensions: { pg_trgm },
  };
  const client = options.dataDir
    ? await PGlite.create(options.dataDir, pgliteOptions)
    : await PGlite.create(pgliteOptions);
  const db = drizzle(client, { schema }) as unknown as TDb;
  return {
    db,
    query: async <T>(_name: string, text: string, values: readonly unknown[]) =>
      (await client.query<T>(text, values as unknown[])).rows,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/**
 * Drops the name of every statement this connection runs (node-postgres and drizzle's prepared
 * queries name them), for poolers in transaction mode that cannot keep prepared statements.
 */
function unnameStatements(client: { query: (...args: never[]) => unknown }): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) =>
    query(
      config && Object.getPrototypeOf(config) === Object.prototype && 'name' in (config as object)
        ? { ...(config as object), name: undefined }
        : config,
      ...rest,
    );
}

/** A repository's prepared statements, made once per database handle and kept while it lives. */
export function preparedPer<T>(prepare: (db: TDb) => T): (db: TDb) => T {
  const cache = new WeakMap<TDb, T>();
  return (db) => {
    let statements = cache.get(db);
    if (!statements) {
      statements = prepare(db);
      cache.set(db, statements);
    }
    return statements;
  };
}

/** Rows of a raw `db.execute` result, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
