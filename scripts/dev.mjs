#!/usr/bin/env node
// `npm run dev`: the API server from its sources (restarted on change, with tsx) and Vite with
// hot reload, whose proxy sends /api, /healthz and /readyz to the server. With OPS_PORT set, also
// the back office's pages with hot reload on http://localhost:5174 (vite.ops.config.ts), whose
// proxy sends /api/ops to the ops listener.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn('npx', ['vite'], {
    cwd: resolve(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://localhost:${port}` },
  }),
];
if (process.env.OPS_PORT) {
  children.push(
    spawn('npx', ['vite', '--config', 'vite.ops.config.ts'], {
      cwd: resolve(root, 'apps/web'),
      stdio: 'inherit',
      env: { ...process.env, OPS_API_URL: `http://127.0.0.1:${process.env.OPS_PORT}` },
    }),
  );
}
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
