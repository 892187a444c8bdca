import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeCount,
  changedTables,
  changesSince,
  installChangeCounter,
  snapshotDatabase,
} from './db-snapshot';
import { createTestDatabase, type TTestDatabase } from './harness';

let testDb: TTestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('database snapshot', () => {
  it('sees a changed row and nothing else', async () => {
    const before = await snapshotDatabase(testDb.database);
    expect(Object.keys(before)).toContain('accounts');
    expect(changedTables(before, await snapshotDatabase(testDb.database))).toEqual([]);
    await testDb.database.db.execute(sql`update app_state set value = value`);
    expect(changedTables(before, await snapshotDatabase(testDb.database))).toEqual([]);
    await testDb.database.db.execute(
      sql`update services set name_en = name_en || 'x' where id = (select min(id) from services)`,
    );
    expect(changedTables(before, await snapshotDatabase(testDb.database))).toEqual(['services']);
  });
});

describe('change counter', () => {
  it('counts committed row changes, not rolled-back ones or the ignored bookkeeping', async () => {
    const { database } = testDb;
    await installChangeCounter(database);
    const start = await changeCount(database);
    await database.db.execute(
      sql`update services set name_en = name_en where id = (select min(id) from services)`,
    );
    await database.db.execute(sql`update sessions set last_seen_at = now()`);
    expect(await changeCount(database)).toBe(start);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update services set name_en = name_en || 'y' where id = (select min(id) from services)`,
        );
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await changeCount(database)).toBe(start);
    await database.db.execute(
      sql`update services set name_en = name_en || 'z' where id = (select min(id) from services)`,
    );
    expect(await changeCount(database)).toBe(start + 1);
    expect(await changesSince(database, start)).toEqual(['update services']);
  });
});
