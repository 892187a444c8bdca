/**
 * Migration 0020: a voucher's one name becomes its name in each language, and the demo's welcome
 * voucher (seeded with its English name only) gets its Chinese one.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type TDatabase } from '../../../db/client';
import { defaultMigrationsDir, migrate } from '../../../db/migrate';

/** An empty database on the PostgreSQL server of TEST_DATABASE_URL (else PGlite), and its removal. */
async function emptyDatabase(): Promise<{ database: TDatabase; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ url: null, dataDir: null });
    return { database, drop: () => database.close() };
  }
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

describe('the migration of voucher names', () => {
  let test: { drop(): Promise<void> } | null = null;
  let dir = '';
  afterAll(async () => {
    await test?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // Every migration runs (up to 0019, then the rest): slow on PGlite.
  it('names each voucher in both languages, the welcome voucher in Chinese too', {
    timeout: 240_000,
  }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'voucher-names-'));
    cpSync(defaultMigrationsDir, dir, { recursive: true });
    const journalFile = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === '0020_voucher_names');
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const empty = await emptyDatabase();
    test = empty;
    const db = empty.database.db;
    await migrate(db, dir);

    const account = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into accounts (name, display_name, type) values ('named', 'named', 2) returning id`,
      ),
    )[0]?.id as number;
    await db.execute(sql`
      insert into vouchers (account_id, code, name, face_fen, available_fen, effective_at, expires_at)
      values (${account}, 'WELCOME-NAMED', 'Welcome voucher', 100, 0, now(), now() + interval '1 day'),
             (${account}, 'VLAUNCH', 'Launch credit', 100, 100, now(), now() + interval '1 day'),
             (${account}, 'VOTHER', 'Welcome voucher', 100, 100, now(), now() + interval '1 day')`);

    await migrate(db);
    const rows = rowsOf<{ code: string; name_zh: string; name_en: string }>(
      await db.execute(sql`select code, name_zh, name_en from vouchers order by code`),
    );
    expect(rows).toEqual([
      { code: 'VLAUNCH', name_zh: 'Launch credit', name_en: 'Launch credit' },
      // Only the seeded welcome voucher (by its code) is translated; an operator's name stays.
      { code: 'VOTHER', name_zh: 'Welcome voucher', name_en: 'Welcome voucher' },
      { code: 'WELCOME-NAMED', name_zh: '新用户欢迎代金券', name_en: 'Welcome voucher' },
    ]);
    const columns = rowsOf<{ column_name: string; is_nullable: string }>(
      await db.execute(sql`
        select column_name, is_nullable from information_schema.columns
         where table_name = 'vouchers' and column_name like 'name%' order by column_name`),
    );
    expect(columns).toEqual([
      { column_name: 'name_en', is_nullable: 'NO' },
      { column_name: 'name_zh', is_nullable: 'NO' },
    ]);
  });
});
