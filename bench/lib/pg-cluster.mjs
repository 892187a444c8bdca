// A private PostgreSQL cluster for fault injection (never the shared server): initdb into a folder
// under /tmp, started and stopped with pg_ctl on its own port and socket folder. As root, the
// PostgreSQL tools run as the `postgres` user (initdb refuses root).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

function binDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(base, v, 'bin/pg_ctl'))) return join(base, v, 'bin');
  return '';
}

export function createCluster({ port }) {
  const bin = binDir();
  const isRoot = process.getuid?.() === 0;
  const dir = `/tmp/console-bench-pg-${randomBytes(4).toString('hex')}`;
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const run = (tool, args, options = {}) => {
    const file = join(bin, tool);
    const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return spawnSync(cmd, argv, { encoding: 'utf8', ...options });
  };
  /** The same, without blocking the event loop (the load keeps running while PostgreSQL starts). */
  const runAsync = (tool, args) =>
    new Promise((resolve) => {
      const file = join(bin, tool);
      const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
      const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      child.on('exit', (status) => resolve({ status, stdout: out, stderr: out }));
    });
  const check = (result, what) => {
    if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr || result.stdout}`);
    return result;
  };
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const user = isRoot ? 'postgres' : (process.env.USER ?? 'postgres');
  check(run('initdb', ['-D', data, '-A', 'trust', '-U', user, '--no-sync', '-E', 'UTF8']), 'initdb');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=64MB`;
  return {
    dir,
    port,
    adminUrl: `postgres://${user}@127.0.0.1:${port}/postgres`,
    isRunning: false,
    /** Starts PostgreSQL and waits until it accepts connections. */
    async start() {
      check(
        await runAsync('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']),
        'pg_ctl start',
      );
      this.isRunning = true;
    },
    /** mode: smart, fast or immediate (a crash: recovery from the WAL at the next start). */
    async stop(mode = 'fast') {
      check(await runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']), 'pg_ctl stop');
      this.isRunning = false;
    },
    destroy() {
      if (existsSync(join(data, 'postmaster.pid')))
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
