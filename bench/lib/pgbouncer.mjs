// PgBouncer in transaction mode in front of a bench database, as a deployment with a pooler runs:
// a private instance on its own port and folder under /tmp, started and stopped by the bench. As
// root, PgBouncer runs as the `postgres` user (it refuses to run as root). Debian's package:
// `apt-get install pgbouncer`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from './stats.mjs';

const candidates = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

/** The PgBouncer binary and its version, or null when it is not installed. */
export function findPgBouncer() {
  const file = process.env.PGBOUNCER_BIN ?? candidates.find((c) => existsSync(c));
  if (!file) return null;
  const version = spawnSync(file, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim();
  return { file, version };
}

/**
 * Starts PgBouncer on `port` for the database at `databaseUrl` (same name on the pooler), in
 * transaction mode with `poolSize` server connections; answers { url, version, stop() }.
 */
export async function startPgBouncer({ databaseUrl, port, poolSize = 10 }) {
  const found = findPgBouncer();
  if (!found) throw new Error('PgBouncer is not installed (apt-get install pgbouncer)');
  const target = new URL(databaseUrl);
  const name = target.pathname.slice(1);
  const dir = `/tmp/console-bench-pgbouncer-${randomBytes(4).toString('hex')}`;
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const isRoot = process.getuid?.() === 0;
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const user = decodeURIComponent(target.username || process.env.USER || 'postgres');
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${name} = host=${target.hostname} port=${target.port || 5432} dbname=${name} user=${user}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const [cmd, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', found.file, join(dir, 'pgbouncer.ini')]]
    : [found.file, [join(dir, 'pgbouncer.ini')]];
  const child = spawn(cmd, argv, { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = new URL(databaseUrl);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  const pg = (await import('pg')).default;
  for (let i = 0; ; i += 1) {
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (i >= 50) {
        const log = existsSync(join(dir, 'pgbouncer.log'))
          ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8')
          : '';
        child.kill('SIGKILL');
        throw new Error(`PgBouncer did not start: ${error.message}\n${log.slice(-2000)}`);
      }
      await sleep(100);
    }
  }
  return {
    url: url.toString(),
    version: found.version,
    log: join(dir, 'pgbouncer.log'),
    async stop() {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
