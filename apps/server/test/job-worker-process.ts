/**
 * Tests only: starts `job-worker.ts` as a child process on a test database, waits for what it
 * says, and kills it with SIGKILL (a replica that dies mid-job: no `finally`, no shutdown).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The job kind whose handler never ends (see job-worker.ts). */
export const hangJobKind = 'test.hang';

export type TWorkerProcess = {
  /** Resolves with the first line of standard output matching `pattern`; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** SIGKILL, and resolves once the process is gone. */
  kill(): Promise<void>;
  /** What the worker wrote on standard error (its warnings), for a failing test's message. */
  errors(): string;
};

const script = fileURLToPath(new URL('./job-worker.ts', import.meta.url));

export function startWorkerProcess(options: {
  databaseUrl: string;
  workerId: string;
  env?: Record<string, string>;
}): TWorkerProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      ...options.env,
      WORKER_DATABASE_URL: options.databaseUrl,
      WORKER_ID: options.workerId,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let stderr = '';
  let pending = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    waitFor: (pattern, timeoutMs) => {
      const seen = lines.find((line) => pattern.test(line));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`the worker did not say ${pattern} within ${timeoutMs} ms: ${stderr}`));
        }, timeoutMs);
        waiters.push({
          pattern,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
        exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`the worker exited before saying ${pattern}: ${stderr}`));
        });
      });
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    errors: () => stderr,
  };
}

/** Calls `attempt` every `everyMs` until it answers true; throws after `timeoutMs`. */
export async function eventually(
  attempt: () => Promise<boolean>,
  options: { timeoutMs: number; everyMs?: number; what: string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await attempt()) return;
    if (Date.now() > deadline) throw new Error(`not within ${options.timeoutMs} ms: ${options.what}`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 100));
  }
}
