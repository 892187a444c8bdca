#!/usr/bin/env node
// Import boundaries of the web app (bulletproof-react): app -> features -> shared.
// A feature never imports another feature; shared code (components, lib, hooks) never imports
// features or app; features never import app. Exits non-zero on any violation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'apps/web/src');
const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

/** Area of a file: ['app'] | ['features', name] | ['shared'] */
function areaOf(file) {
  const parts = relative(src, file).split(sep);
  if (parts[0] === 'app') return ['app'];
  if (parts[0] === 'features') return ['features', parts[1]];
  return ['shared'];
}

function resolveSpec(file, spec) {
  if (spec.startsWith('@/')) return join(src, spec.slice(2));
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  return null;
}

let problems = 0;
for (const file of walk(src)) {
  const from = areaOf(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(importRe)) {
    const target = resolveSpec(file, m[1] ?? m[2]);
    if (!target?.startsWith(src)) continue;
    const to = areaOf(target);
    let bad = null;
    if (from[0] === 'shared' && to[0] !== 'shared') bad = `shared code imports ${to.join('/')}`;
    else if (from[0] === 'features' && to[0] === 'app') bad = 'a feature imports app/';
    else if (from[0] === 'features' && to[0] === 'features' && to[1] !== from[1])
      bad = `feature ${from[1]} imports feature ${to[1]}`;
    if (bad) {
      problems += 1;
      console.error(`${relative(root, file)}: ${bad} (${m[1] ?? m[2]})`);
    }
  }
}
if (problems > 0) {
  console.error(`${problems} import boundary violation(s)`);
  process.exit(1);
}
