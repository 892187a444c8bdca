// The test S3-compatible store (apps/server/test/provider-peers/s3-store.ts: s3rver behind a
// front that checks every request's SigV4 signature) as a process of its own, for the benches
// whose replicas share one object store (STORAGE=s3).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { root } from './replicas.mjs';

/** Starts the store on `port` (0: any free port); answers { url, env, pid, stop() }. */
export async function startS3Store(port = 0) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/test/provider-peers/s3-store-process.ts'), String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((done) => child.once('exit', done));
  const first = await new Promise((done, fail) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      child.stdout.resume();
      done(line);
    });
    child.once('exit', (code) => fail(new Error(`the S3 store exited (${code}) before it started`)));
  });
  const { url, env } = JSON.parse(first);
  return {
    url,
    env,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
