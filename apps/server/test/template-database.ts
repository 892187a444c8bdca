/**
 * The migrated template of the integration tests' databases on PostgreSQL. Migrating a database
 * takes seconds; copying a migrated one (`create database … template …`) a fraction of that. So a
 * run migrates one template, named by a digest of the migration files (a changed, added or removed
 * migration makes a new one), and every test file's database is a copy of it. The template is
 * built under an advisory lock under a temporary name and renamed when complete, so that runs
 * started together build it once and never copy a half-migrated one; it stays for the next run.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { defaultMigrationsDir, migrate } from '../src/db/migrate';

const templatePrefix = 'console_template_';
/** Templates of other migration states kept for concurrent runs of other checkouts. */
const keptTemplates = 3;
const lockKey = 7_031_204_118;

/** A digest of what `migrate` applies: the journal's entries in order and each one's text. */
export function migrationsDigest(dir: string = defaultMigrationsDir): string {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const hash = createHash('sha256');
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    hash.update(`${entry.tag}\n`);
    hash.update(readFileSync(join(dir, `${entry.tag}.sql`)));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Answers the name of the migrated template for the current migrations, building it when missing. */
export async function ensureTemplateDatabase(adminUrl: string): Promise<string> {
  const name = `${templatePrefix}${migrationsDigest()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [lockKey]);
    // Builds are made under the lock: one found now was left by an interrupted run.
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'console\\_building\\_%'`,
    );
    for (const { datname } of stale.rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `console_building_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${building}`);
      try {
        const database = await openDatabase({
          url: databaseUrl(adminUrl, building),
          dataDir: null,
          poolSize: 1,
        });
        try {
          await migrate(database.db);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
      // A template no one connects to: copies of it need it unused.
      await admin.query(`alter database ${name} with is_template true allow_connections false`);
    }
    // Templates of older migration states, past the few newest (other checkouts may use them).
    const old = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 and datname <> $2 order by oid desc offset $3`,
      [`${templatePrefix}%`, name, keptTemplates],
    );
    for (const { datname } of old.rows) {
      await admin.query(`alter database ${datname} is_template false`).catch(() => {});
      await admin.query(`drop database if exists ${datname}`).catch(() => {});
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => {});
    await admin.end();
  }
}
