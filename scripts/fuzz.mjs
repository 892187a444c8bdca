#!/usr/bin/env node
// `npm run fuzz`: the hostile-input tests (apps/server/test/fuzz) with FUZZ_RUNS (default 1000)
// cases per route and generator family — thousands per route — split over FUZZ_SHARDS parallel
// processes (default: the number of cores), each on its own database. Exits non-zero when a shard
// fails. FUZZ_SEED changes the seed (CI uses the fixed default with 25 runs).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const shards = Math.max(1, Number(process.env.FUZZ_SHARDS ?? availableParallelism()));
const runs = process.env.FUZZ_RUNS ?? '1000';
const started = Date.now();

const results = await Promise.all(
  Array.from({ length: shards }, (_, i) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--project', 'server', 'apps/server/test/fuzz/routes.test.ts'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SHARD: `${i + 1}/${shards}` },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    return new Promise((done) => child.on('close', (code) => done({ shard: i + 1, code, output })));
  }),
);

let failed = 0;
for (const { shard, code, output } of results) {
  const summary = output
    .split('\n')
    .filter((line) => line.trimStart().startsWith('fuzz: ') || /Tests\s/.test(line));
  console.log(`shard ${shard}/${shards}: ${code === 0 ? 'passed' : 'FAILED'}\n  ${summary.join('\n  ')}`);
  if (code !== 0) {
    failed += 1;
    console.log(output);
  }
}
console.log(
  `fuzz: ${shards - failed} of ${shards} shards passed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(failed > 0 ? 1 : 0);
