/**
 * The consoles the browser tests load, started together by Playwright's global setup: each is
 * `serve.mjs` (the built console on a fresh, seeded database) on a port and settings of its own.
 * Playwright's `webServer` entries start one after another, each waiting for the last to be ready;
 * started together, the three seed their databases on both cores at once. The setup answers the
 * teardown, which stops them (each removes its database).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** A console for the tests of `project`: its port and its settings beyond serve.mjs's own. */
export type TServer = { project: string; port: number; env: Record<string, string> };

/** Where playwright.config.ts puts the servers of the projects this run selected. */
export const serversVariable = 'E2E_SERVERS';

const readyTimeoutMs = 120_000;
const stopTimeoutMs = 10_000;

const readyz = (server: TServer) => `http://localhost:${server.port}/readyz`;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function waitReady(server: TServer, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the ${server.project} console stopped (${child.exitCode ?? child.signalCode}) before it was ready`,
      );
    }
    if (await answers(readyz(server))) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the ${server.project} console was not ready in ${readyTimeoutMs / 1000} s`);
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

export default async function startServers(): Promise<() => Promise<void>> {
  const servers = JSON.parse(process.env[serversVariable] ?? '[]') as TServer[];
  // A port that answers already belongs to another run: its database is not this run's.
  for (const server of servers) {
    if (await answers(readyz(server))) {
      throw new Error(`port ${server.port} is in use: stop what serves ${readyz(server)}, or set E2E_PORT`);
    }
  }
  const children = servers.map((server) =>
    spawn(process.execPath, [resolve(import.meta.dirname, 'serve.mjs')], {
      env: { ...process.env, E2E_PORT: String(server.port), ...server.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const stopAll = async () => {
    await Promise.all(children.map(stopServer));
  };
  try {
    await Promise.all(servers.map((server, i) => waitReady(server, children[i] as ChildProcess)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
