import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/error-handler';
import { openDatabase, rowsOf } from './client';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL client', () => {
  it('survives a connection lost inside a transaction, between its statements (the process stays up)', async () => {
    const database = await openDatabase({ url: url as string, dataDir: null, poolSize: 2 });
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
          // The server ends this connection while the transaction's client is checked out and idle:
          // without a listener of its own, its 'error' event would be unhandled and end the process.
          await killer.query('select pg_terminate_backend($1)', [row?.pid]);
          await new Promise((r) => setTimeout(r, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).not.toBeNull();
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // The broken client left the pool: the next statements run on fresh connections.
      await database.ping();
      await database.ping();
      await database.ping();
    } finally {
      await killer.end();
      await database.close();
    }
  });
});
