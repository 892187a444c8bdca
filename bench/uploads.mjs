#!/usr/bin/env node
// `npm run bench:uploads`: uploads in an S3-compatible object store (STORAGE=s3), on two replicas
// of the built server that share one PostgreSQL database of their own and one store (the test
// store: s3rver behind a front that checks every request's SigV4 signature).
//
// 1. Memory of a 10 MB upload: replica A's peak resident memory (VmHWM, reset through
//    /proc/<pid>/clear_refs before each upload, so the peak is the upload's own) minus its VmRSS
//    just before, for UPLOAD_ROUNDS (default 3) uploads of a 10 MiB licence; the same on replica B
//    for reading each file back. The target (of the upload): less than 20 MB above the resident
//    memory before. Reading is printed, not targeted: its figure swings with when the garbage
//    collector runs (0 to 20 MiB seen), as the folder store's does.
// 2. Two replicas, one store: UPLOAD_SLIPS (default 20) remittance slips of 300 KB uploaded
//    through A and each read from B byte for byte (SHA-256), with the latencies of both.
//
// Prints the figures and writes `.reports/bench-uploads.json`. Figures only, never a test.
// Knobs: UPLOAD_PORT (default 8560; the replicas use it and the next one), UPLOAD_ROUNDS,
// UPLOAD_SLIPS, UPLOAD_MIB (default 10), UPLOAD_STORAGE=folder (a shared folder instead, to compare).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login } from './lib/api.mjs';
import {
  createDatabase,
  dropDatabase,
  ensureBuilt,
  logDir,
  migrateAndSeed,
  root,
  startReplicas,
  stopServer,
} from './lib/replicas.mjs';
import { startS3Store } from './lib/s3-store.mjs';
import { mib, percentiles, round } from './lib/stats.mjs';

const basePort = Number(process.env.UPLOAD_PORT ?? 8560);
const rounds = Number(process.env.UPLOAD_ROUNDS ?? 3);
const slipCount = Number(process.env.UPLOAD_SLIPS ?? 20);
const fileMib = Number(process.env.UPLOAD_MIB ?? 10);
const storage = process.env.UPLOAD_STORAGE === 'folder' ? 'folder' : 's3';
const targetBytes = 20 * 1000 * 1000;

ensureBuilt();
const logs = logDir('uploads');
const database = await createDatabase('uploads');
console.log(
  `uploads bench: database ${database.name}, storage ${storage}, replicas on ${basePort} and ${basePort + 1} (logs in ${logs})`,
);

/** VmRSS and VmHWM (peak since the last reset) of a process, in bytes. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Resets the process's peak resident memory to its current resident memory. */
function resetPeak(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

async function upload(base, token, fileName, content, purpose = 'remittance') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'application/pdf' }), fileName);
  const started = performance.now();
  const res = await fetch(
    `${base}/api/portal/billing/certification/upload?${new URLSearchParams({ fileName, purpose })}`,
    { method: 'POST', headers: { authorization: `Bearer ${token}`, 'cz-lang': 'en-US' }, body: form },
  );
  const body = await res.json();
  if (body.code !== 0) throw new Error(`upload ${fileName}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return { fileId: body.data.fileId, ms: performance.now() - started };
}

async function download(base, token, fileId) {
  const started = performance.now();
  const res = await fetch(`${base}/api/portal/billing/certification/download`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'cz-lang': 'en-US' },
    body: JSON.stringify({ fileId }),
  });
  if (res.status !== 200) throw new Error(`download ${fileId}: HTTP ${res.status} ${await res.text()}`);
  // Read as it comes, hashed on the way: the bench holds no copy of the file either.
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of res.body) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size, ms: performance.now() - started };
}

const pdf = (size, fill) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, fill)]);

let store = null;
let folder = null;
const replicas = [];
let exitCode = 0;
try {
  const seeder = await migrateAndSeed(database.url, { port: basePort, logFile: join(logs, 'seed.log') });
  await stopServer(seeder);
  let storageEnv;
  if (storage === 's3') {
    store = await startS3Store();
    storageEnv = store.env;
  } else {
    folder = mkdtempSync(join(tmpdir(), 'console-bench-uploads-'));
    storageEnv = { UPLOAD_DIR: folder };
  }
  replicas.push(
    ...(await startReplicas({
      count: 2,
      basePort,
      databaseUrl: database.url,
      env: { ...storageEnv, NODE_ENV: 'production', SECRET_KEY: randomBytes(24).toString('hex') },
      logPrefix: join(logs, 'replica'),
    })),
  );
  const [a, b] = replicas;
  const tokenA = await login(a.base, 'demo', 'admin_demo', 'Demo@2026pass');
  const tokenB = await login(b.base, 'demo', 'admin_demo', 'Demo@2026pass');

  // Warm-up: one small file each way, so that the first use's code and connections are in place.
  const warm = await upload(a.base, tokenA, 'warm-up.pdf', pdf(64 * 1024, 'w'));
  await download(b.base, tokenB, warm.fileId);

  // 1. memory of a 10 MB upload (A) and of reading it (B)
  const size = fileMib * 1024 * 1024;
  const memory = [];
  for (let i = 0; i < rounds; i += 1) {
    const licence = pdf(size, `licence ${i} `);
    resetPeak(a.pid);
    const beforeA = memoryOf(a.pid);
    const up = await upload(a.base, tokenA, `licence-${i}.pdf`, licence, 'businessLicense');
    const afterA = memoryOf(a.pid);
    resetPeak(b.pid);
    const beforeB = memoryOf(b.pid);
    const down = await download(b.base, tokenB, up.fileId);
    const afterB = memoryOf(b.pid);
    if (down.sha256 !== sha256(licence) || down.size !== size)
      throw new Error('the licence read back differs');
    memory.push({
      round: i + 1,
      upload: {
        rssBefore: beforeA.rss,
        peak: afterA.peak,
        rise: afterA.peak - beforeA.rss,
        ms: round(up.ms, 1),
      },
      download: {
        rssBefore: beforeB.rss,
        peak: afterB.peak,
        rise: afterB.peak - beforeB.rss,
        ms: round(down.ms, 1),
      },
    });
  }
  console.log(`\nmemory of a ${fileMib} MiB licence (peak VmHWM minus VmRSS before):`);
  for (const m of memory) {
    console.log(
      `  round ${m.round}: upload through A +${mib(m.upload.rise)} (RSS ${mib(m.upload.rssBefore)} → peak ${mib(m.upload.peak)}, ${m.upload.ms} ms); ` +
        `read through B +${mib(m.download.rise)} (RSS ${mib(m.download.rssBefore)} → peak ${mib(m.download.peak)}, ${m.download.ms} ms)`,
    );
  }
  const worstUpload = Math.max(...memory.map((m) => m.upload.rise));
  const worstDownload = Math.max(...memory.map((m) => m.download.rise));

  // 2. slips through A, read from B
  const ups = [];
  const downs = [];
  for (let i = 0; i < slipCount; i += 1) {
    const slip = pdf(300 * 1024, randomBytes(16).toString('hex'));
    const up = await upload(a.base, tokenA, `slip-${i}.pdf`, slip);
    const down = await download(b.base, tokenB, up.fileId);
    if (down.sha256 !== sha256(slip)) throw new Error(`slip ${i} read back through B differs`);
    ups.push(up.ms);
    downs.push(down.ms);
  }
  const pu = percentiles(ups);
  const pd = percentiles(downs);
  console.log(
    `\n${slipCount} slips of 300 KB uploaded through A, each read from B byte for byte: upload p50 ${pu.p50.toFixed(1)} ms, p95 ${pu.p95.toFixed(1)} ms; read p50 ${pd.p50.toFixed(1)} ms, p95 ${pd.p95.toFixed(1)} ms`,
  );

  const checks = [
    {
      name: `a ${fileMib} MiB upload raises the server's memory by less than 20 MB`,
      pass: worstUpload < targetBytes,
      detail: `worst +${mib(worstUpload)}`,
    },
    {
      name: 'every slip uploaded through A is read from B',
      pass: true,
      detail: `${slipCount} of ${slipCount}`,
    },
  ];
  console.log(`\nreading it through B: worst +${mib(worstDownload)} (printed, not a target)`);
  console.log('\ntargets:');
  for (const c of checks) console.log(`  ${c.pass ? 'MET   ' : 'MISSED'} ${c.name}: ${c.detail}`);
  mkdirSync(join(root, '.reports'), { recursive: true });
  writeFileSync(
    join(root, '.reports/bench-uploads.json'),
    `${JSON.stringify(
      {
        bench: 'uploads',
        at: new Date().toISOString(),
        storage,
        fileMib,
        memory,
        slips: { count: slipCount, upload: pu, read: pd },
        checks,
      },
      null,
      2,
    )}\n`,
  );
  console.log('\nwritten: .reports/bench-uploads.json');
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await Promise.all(replicas.map((r) => stopServer(r)));
  await store?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
  await dropDatabase(database);
}
process.exitCode = exitCode;
