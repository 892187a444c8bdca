#!/usr/bin/env node
// The static checks as a suite of `npm test`: Biome (format and lint), the import boundaries of
// the web app and the server (scripts/check-boundaries.mjs), and the TypeScript compiler. Each
// check counts as one test; writes .reports/static.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const checks = [
  ['Biome', ['npx', 'biome', 'check', '--error-on-warnings', '.']],
  ['import boundaries', ['node', 'scripts/check-boundaries.mjs']],
  ['TypeScript', ['npx', 'tsc', '-b']],
];

let passed = 0;
let failed = 0;
for (const [name, command] of checks) {
  const result = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status === 0) {
    passed += 1;
    console.log(`✓ ${name}`);
  } else {
    failed += 1;
    console.log(`✗ ${name} (exit ${result.status ?? result.signal})`);
  }
}
mkdirSync(join(root, '.reports'), { recursive: true });
writeFileSync(
  join(root, '.reports', 'static.json'),
  JSON.stringify({ numPassedTests: passed, numFailedTests: failed }),
);
process.exit(failed > 0 ? 1 : 0);
