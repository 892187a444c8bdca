#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources changed since the last build,
// then runs the server in this process (so that signals reach it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && name !== '.tsbuild') visit(join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) latest = Math.max(latest, s.mtimeMs);
  };
  for (const p of paths) visit(join(root, p));
  return latest;
}

const mtime = (p) => (existsSync(join(root, p)) ? statSync(join(root, p)).mtimeMs : 0);
const shared = ['packages/contract/src', 'packages/phrases/src', 'package-lock.json'];

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The back office's pages (dist-ops) are built with the customers' (`build:web`).
const webBuilt = Math.min(mtime('apps/web/dist/index.html'), mtime('apps/web/dist-ops/ops.html'));
if (
  newest([
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/ops.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'apps/web/vite.ops.config.ts',
    ...shared,
  ]) > webBuilt
) {
  console.log('Building the web app…');
  run(['run', 'build:web']);
}
const serverBuilt = mtime('apps/server/dist/main.mjs');
if (newest(['apps/server/src', 'apps/server/build.mjs', ...shared]) > serverBuilt) {
  console.log('Building the server…');
  run(['run', 'build', '-w', '@console/server']);
}

await import(pathToFileURL(join(root, 'apps/server/dist/main.mjs')).href);
