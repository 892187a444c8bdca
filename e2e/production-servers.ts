/**
 * The built server as an operator runs it, for the specs that start their own consoles in
 * production mode: a database that a development start filled with the demo data first (a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set, a folder otherwise), and servers started on
 * it with the settings a spec chooses. Each spec runs on ports of its own (an offset from
 * E2E_PORT), so that the specs can run at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const main = join(resolve(import.meta.dirname, '..'), 'apps/server/dist/main.mjs');

/** The first port of a spec's own: E2E_PORT (8480 by default) plus its offset. */
export function portsFrom(offset: number): number {
  return Number(process.env.E2E_PORT ?? 8480) + offset;
}

export type TProductionServer = {
  port: number;
  url: string;
  /** Everything the server printed so far. */
  output: () => string;
  isRunning: () => boolean;
  /** Resolves with the exit code once the server stopped. */
  exited: Promise<number | null>;
  /** Stops the server (SIGTERM) and answers its exit code. */
  stop: () => Promise<number | null>;
};

/** Starts `apps/server/dist/main.mjs` on `port` with only `env` (and PATH, HOME) set. */
export function startServer(env: Record<string, string>, port: number): TProductionServer {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    port,
    url: `http://localhost:${port}`,
    output: () => output,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Waits until the server answers /readyz; fails with its output when it exits or takes 90 s. */
export async function waitReady(server: TProductionServer): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!server.isRunning()) throw new Error(`the server exited:\n${server.output()}`);
    const isReady = await fetch(`${server.url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (isReady) return;
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error(`the server did not become ready:\n${server.output()}`);
}

/** Starts a server and waits until it is ready. */
export async function startReady(env: Record<string, string>, port: number): Promise<TProductionServer> {
  const server = startServer(env, port);
  try {
    await waitReady(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

export type TDemoDatabase = {
  /** The settings that point a server at the database (DATABASE_URL, or DATA_DIR). */
  env: Record<string, string>;
  /** Removes the database. */
  drop: () => Promise<void>;
};

/**
 * A new database holding the demo data, put there by a development start on `devPort` (which
 * stops again before this answers). `label` names the folder when there is no PostgreSQL.
 */
export async function demoDatabase(label: string, devPort: number): Promise<TDemoDatabase> {
  let database: TDemoDatabase;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `console_e2e_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = {
      env: { DATABASE_URL: url.toString() },
      drop: async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), `console-${label}-`));
    database = { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  try {
    const development = await startReady({ ...database.env, DEMO: '1', JOBS: '0' }, devPort);
    const code = await development.stop();
    if (code !== 0) throw new Error(`the development start ended with ${code}:\n${development.output()}`);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

/** A production secret key of its own for each run. */
export function productionSecretKey(): string {
  return `prod-${randomBytes(24).toString('hex')}`;
}
