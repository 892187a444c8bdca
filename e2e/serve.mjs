#!/usr/bin/env node
// Starts the built console for the browser tests on a fresh database: a new database on the
// PostgreSQL server of TEST_DATABASE_URL when set, otherwise PGlite in a temporary folder. The
// demo data is seeded; the database is removed when the server stops.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const adminUrl = process.env.TEST_DATABASE_URL;
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '8480',
  DEMO: '1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  // Browser tests cannot read a captcha picture: in test mode every captcha shows this text.
  TEST_CAPTCHA_TEXT: 'ab7k',
  // The browser tests register more accounts from one address than a real client may.
  REGISTRATIONS_PER_IP_PER_HOUR: '1000',
  // …and are sent more codes (registration, recovery, identity checks) than a client may.
  CODE_SENDS_PER_IP_PER_HOUR: '1000',
  // …and fail more sign-ins and code checks from it (decision 0012): generous limits per address,
  // unless a server of the config sets its own (the address-limits spec).
  ADDRESS_CAPTCHA_AFTER_FAILURES: process.env.ADDRESS_CAPTCHA_AFTER_FAILURES ?? '10000',
  ADDRESS_BLOCK_AFTER_FAILURES: process.env.ADDRESS_BLOCK_AFTER_FAILURES ?? '100000',
};
let cleanup = async () => {};

if (adminUrl) {
  const name = `console_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // Thrown away after the run: commits need not wait for the disk (what is committed is the same).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
} else {
  const dir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  env.DATA_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

// Where the operator commands of the tests (`npm run cli -- …`, ops-helpers.ts) find this
// server's database: the same DATABASE_URL (PGlite's folder cannot be opened by a second process).
const stateFile = join(tmpdir(), `console-e2e-${env.PORT}.json`);
writeFileSync(
  stateFile,
  JSON.stringify({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATA_DIR ?? null }),
);
const removeState = cleanup;
cleanup = async () => {
  rmSync(stateFile, { force: true });
  await removeState();
};

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.mjs')], { env, stdio: 'inherit' });
let isStopping = false;
const stop = (signal) => {
  if (isStopping) return;
  isStopping = true;
  server.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', async (code) => {
  await cleanup().catch(() => {});
  process.exit(code ?? 0);
});
