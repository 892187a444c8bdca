#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (the npm package, driving Debian's Chromium headless) on /login
// and the main console pages with the demo data, against the built console served as in
// production (NODE_ENV=production: hashed assets precompressed with brotli/gzip, no development
// pages), on a database of its own on the PostgreSQL server.
//
// Each page is audited WEB_BENCH_RUNS times with a cold cache (Lighthouse's default storage reset)
// and the median of each figure is reported: the performance score, Largest Contentful Paint,
// Cumulative Layout Shift, Total Blocking Time, First Contentful Paint, and the JavaScript the page
// loads: transfer size (compressed as sent), raw size and count of the script requests of the run,
// and of those before the load event (/login's own first load, before its idle prefetch). The desktop
// preset (Lighthouse's desktop config: simulated throttling of 40 ms RTT, 10 Mbit/s, no CPU
// slowdown) is the reference; /login is also measured with the mobile preset (simulated slow 4G
// and a 4× CPU slowdown) as an extra row. Targets: /login score ≥ 95 and LCP ≤ 1.0 s (desktop),
// /login LCP ≤ 1.2 s (mobile), and every console page score ≥ 90 (desktop). The default list is
// every console page of the shell's route table (a month's bill opens the demo account's newest
// statement, found by its list call); the output ends with one line `within target: N of M`, M
// counting the cases that have a target.
//
// The demo data is seeded by a first start of the server in development mode (production mode
// never seeds it); the server is then restarted with NODE_ENV=production on the same database.
// Console pages are audited signed in as the demo administrator: the session cookie from
// `POST /api/login` (and the language cookie) go with every request Lighthouse makes.
//
// Figures only; never a test. Prints a table and writes .reports/bench-web.json.
// WEB_BENCH_RUNS (default 3), WEB_BENCH_PORT (default 8530), WEB_BENCH_LANG (zh-CN or en-US;
// default zh-CN, the domestic edition's language), WEB_BENCH_PAGES (comma-separated paths to audit
// instead of the default list), WEB_BENCH_MOBILE=0 skips the mobile row of /login,
// WEB_BENCH_KEEP=1 keeps the database, WEB_BENCH_REPORTS=<dir> keeps each
// Lighthouse report, WEB_BENCH_BUILD=1 rebuilds first, CHROMIUM_PATH (default
// /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  createDatabase,
  dropDatabase,
  startServer as startBuiltServer,
  stopServer,
  waitReady,
} from './lib/replicas.mjs';

const root = resolve(import.meta.dirname, '..');
const runs = Number(process.env.WEB_BENCH_RUNS ?? 3);
const port = Number(process.env.WEB_BENCH_PORT ?? 8530);
const lang = process.env.WEB_BENCH_LANG ?? 'zh-CN';
const withMobile = process.env.WEB_BENCH_MOBILE !== '0';
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Lighthouse drives a full Chromium (the browser tests' headless shell is not enough): say so in
// one line before anything is built or created.
if (spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).status !== 0) {
  console.error(
    `bench:web needs a full Chromium at ${chromePath}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
const base = `http://localhost:${port}`;
const demo = { account: 'demo', username: 'admin_demo', password: 'Demo@2026pass' };
const secretKey = randomBytes(32).toString('hex');
/** How long a start may take (the first one seeds the demo data: minutes on a loaded machine). */
const readyTimeoutMs = 180_000;

/**
 * The pages: /login signed out, the others signed in as the demo administrator: every page of the
 * console shell (apps/web/src/config/console-routes.ts). `:statement` is the newest statement's id.
 */
const monthBillPage = '/billing/cost/month/:statement';
const defaultPages = [
  '/login',
  '/workbench',
  '/accountManage/accountInfo',
  '/accountManage/accountInfo/authentication',
  '/accountManage/userManage',
  '/accountManage/sso',
  '/serviceManage',
  '/serviceManage/insightUserManage',
  '/billing',
  '/billing/cost',
  monthBillPage,
  '/billing/balance',
  '/billing/balance/topUp',
  '/auditManage',
];
const pages = process.env.WEB_BENCH_PAGES
  ? process.env.WEB_BENCH_PAGES.split(',')
      .map((p) => p.trim())
      .filter(Boolean)
  : defaultPages;
const signedOut = new Set(['/login', '/register', '/findAccount', '/findUsername', '/findPassword']);
const targets = { score: 95, lcpMs: 1000, mobileLcpMs: 1200, consoleScore: 90 };

// ---- the build ---------------------------------------------------------------------------------

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist' || name === '.tsbuild') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** Whether both bundles exist and are newer than their sources (and the web app is precompressed). */
function isBuildFresh() {
  const web = join(root, 'apps/web/dist/.vite/manifest.json');
  const server = join(root, 'apps/server/dist/main.mjs');
  if (!existsSync(web) || !existsSync(server)) return false;
  const assets = join(root, 'apps/web/dist/assets');
  if (!readdirSync(assets).some((name) => name.endsWith('.br'))) return false;
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/server/src',
    'packages/phrases/src',
    'packages/contract/src',
  ].map((p) => join(root, p));
  const built = Math.min(statSync(web).mtimeMs, statSync(server).mtimeMs);
  return sources.every((p) => !existsSync(p) || newestMtime(p) <= built);
}

if (process.env.WEB_BENCH_BUILD === '1' || !isBuildFresh()) {
  console.log('Building the web app and the server (npm run build) …');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('npm run build failed');
}

// ---- database and server -------------------------------------------------------------------------

/** The built server on this bench's database: development mode seeds the demo data, production serves. */
function startServer(production) {
  return startBuiltServer({
    port,
    databaseUrl: database.url,
    env: {
      // The server's own default address, as deployed.
      HOST: undefined,
      SECRET_KEY: secretKey,
      // No background jobs: nothing but the audited page uses the two cores.
      JOBS: '0',
      TEST_CAPTCHA_TEXT: undefined,
      NODE_ENV: production ? 'production' : undefined,
      DEMO: production ? '0' : '1',
    },
  });
}

/** Throws when something already answers on the port (another bench, a server left running). */
async function assertPortFree() {
  const answered = await fetch(`${base}/readyz`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${port} is in use: set WEB_BENCH_PORT`);
}

/** Signs the demo administrator in; answers the Cookie header of the session and the language. */
async function signIn() {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cz-lang': lang },
    body: JSON.stringify({
      accountDisplayName: demo.account,
      username: demo.username,
      password: demo.password,
    }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`login: ${body.code} ${body.message}`);
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('cz_token='));
  if (!session) throw new Error('login: no session cookie');
  return `${session}; cz-lang=${lang}`;
}

/** The demo account's newest statement (the month bill page's id), by the statements list call. */
async function newestStatementId(cookie) {
  const res = await fetch(`${base}/api/portal/billing/history/list`, {
    method: 'POST',
    // A cookie session's calls name the console's client (the server refuses them otherwise).
    headers: { 'content-type': 'application/json', 'cz-lang': lang, 'x-cz-client': 'web', cookie },
    body: JSON.stringify({ pageNo: 1, pageSize: 1 }),
  });
  const body = await res.json();
  const id = body.data?.list?.[0]?.id;
  if (body.code !== 0 || id === undefined) throw new Error(`statements: ${body.code} ${body.message}`);
  return String(id);
}

// ---- Lighthouse ------------------------------------------------------------------------------------

const mobileConfig = { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } };
const desktop = {
  ...desktopConfig,
  settings: { ...desktopConfig.settings, onlyCategories: ['performance'] },
};

/** One Lighthouse run: the figures of the performance category. */
async function audit(chrome, url, cookie, preset) {
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    extraHeaders: { Cookie: cookie },
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktop : mobileConfig);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // WEB_BENCH_REPORTS=<dir> keeps every run's whole Lighthouse report, to read what a figure is made of.
  if (process.env.WEB_BENCH_REPORTS) {
    mkdirSync(process.env.WEB_BENCH_REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    writeFileSync(join(process.env.WEB_BENCH_REPORTS, name), JSON.stringify(lhr));
  }
  const a = lhr.audits;
  const requests = a['network-requests']?.details?.items ?? [];
  // Every script of the run, those fetched ahead into the cache (`<link rel="prefetch">`, which
  // Lighthouse types "Other") included.
  const scripts = requests.filter((r) => r.resourceType === 'Script' || /\.js(\?|$)/.test(r.url));
  // The scripts of the page's first load. /login (prerendered) asks for its own after its first
  // paint (decision 0027), so they are the scripts it runs: compare with bench:size; the console's
  // chunks it fetches ahead are not run. Console pages: the scripts requested before the load
  // event, only the boot (their chunks come by dynamic import after it); "in all" counts those.
  const observedLoad = a.metrics?.details?.items?.[0]?.observedLoad ?? Number.POSITIVE_INFINITY;
  const isSignedOut = signedOut.has(new URL(url).pathname);
  const firstScripts = requests.filter(
    (r) => r.resourceType === 'Script' && (isSignedOut || (r.networkRequestTime ?? 0) <= observedLoad),
  );
  const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: a['largest-contentful-paint'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    tbtMs: a['total-blocking-time'].numericValue,
    fcpMs: a['first-contentful-paint'].numericValue,
    speedIndexMs: a['speed-index'].numericValue,
    jsTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsResourceBytes: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    jsRequests: scripts.length,
    jsLoadTransferBytes: firstScripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsLoadRequests: firstScripts.length,
    totalTransferBytes: a['total-byte-weight'].numericValue,
    finalPath: new URL(finalUrl).pathname,
    lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Lighthouse's trace recording sometimes fails on a busy machine (NO_NAVSTART, NO_FCP: "Please run
 * Lighthouse again"): such a run is run again, up to twice, instead of ending the whole bench.
 */
const retriedRuntimeErrors = /NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED|PROTOCOL_TIMEOUT/;

async function auditWithRetry(chrome, url, cookie, preset) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(chrome, url, cookie, preset);
    } catch (error) {
      if (attempt >= 3 || !retriedRuntimeErrors.test(String(error?.message))) throw error;
      console.log(`    run again (${attempt}/2): ${error.message.split('\n')[0]}`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function summarize(path, preset, samples) {
  const pick = (key) => median(samples.map((s) => s[key]));
  return {
    path,
    preset,
    runs: samples.length,
    score: pick('score'),
    lcpMs: Math.round(pick('lcpMs')),
    cls: Number(pick('cls').toFixed(4)),
    tbtMs: Math.round(pick('tbtMs')),
    fcpMs: Math.round(pick('fcpMs')),
    speedIndexMs: Math.round(pick('speedIndexMs')),
    jsTransferBytes: Math.round(pick('jsTransferBytes')),
    jsResourceBytes: Math.round(pick('jsResourceBytes')),
    jsRequests: pick('jsRequests'),
    jsLoadTransferBytes: Math.round(pick('jsLoadTransferBytes')),
    jsLoadRequests: pick('jsLoadRequests'),
    totalTransferBytes: Math.round(pick('totalTransferBytes')),
    finalPaths: [...new Set(samples.map((s) => s.finalPath))],
    lcpElement: samples[0]?.lcpElement ?? null,
    samples: samples.map(({ warnings, lcpElement, ...s }) => s),
  };
}

function lighthouseVersion() {
  const file = join(root, 'node_modules/lighthouse/package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : null;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const sec = (v) => `${(v / 1000).toFixed(2)} s`;

/**
 * The cases with a target, each met or not: /login desktop score and LCP, /login mobile LCP, and
 * every console page's desktop score (a page that ended elsewhere, e.g. redirected, misses).
 */
function caseVerdicts(rows) {
  const verdicts = [];
  for (const r of rows) {
    if (r.path === '/login' && r.preset === 'desktop') {
      verdicts.push({
        label: '/login desktop score',
        figure: String(r.score),
        target: `≥ ${targets.score}`,
        ok: r.score >= targets.score,
      });
      verdicts.push({
        label: '/login desktop LCP',
        figure: sec(r.lcpMs),
        target: `≤ ${sec(targets.lcpMs)}`,
        ok: r.lcpMs <= targets.lcpMs,
      });
    } else if (r.path === '/login' && r.preset === 'mobile') {
      verdicts.push({
        label: '/login mobile LCP',
        figure: sec(r.lcpMs),
        target: `≤ ${sec(targets.mobileLcpMs)}`,
        ok: r.lcpMs <= targets.mobileLcpMs,
      });
    } else if (r.preset === 'desktop' && !signedOut.has(r.path)) {
      const stayed = r.finalPaths.length === 1 && r.finalPaths[0] === r.path;
      verdicts.push({
        label: `${r.path} desktop score${stayed ? '' : ` (ended at ${r.finalPaths.join(', ')})`}`,
        figure: String(r.score),
        target: `≥ ${targets.consoleScore}`,
        ok: stayed && r.score >= targets.consoleScore,
      });
    }
  }
  return verdicts;
}

function printTable(rows) {
  const head = [
    'page',
    'preset',
    'score',
    'LCP',
    'CLS',
    'TBT',
    'FCP',
    'JS at load',
    'req',
    'JS in all',
    'raw',
    'req',
  ];
  const body = rows.map((r) => [
    r.path,
    r.preset,
    String(r.score),
    sec(r.lcpMs),
    r.cls.toFixed(3),
    `${r.tbtMs} ms`,
    sec(r.fcpMs),
    kib(r.jsLoadTransferBytes),
    String(r.jsLoadRequests),
    kib(r.jsTransferBytes),
    kib(r.jsResourceBytes),
    String(r.jsRequests),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

// ---- the run -----------------------------------------------------------------------------------------

await assertPortFree();
const database = await createDatabase('web');

let server;
let chrome;
let exitCode = 0;
let isCleaning = false;
/** The last line of the output: how many of the cases with a target meet it. */
let withinLine = null;
async function cleanup() {
  if (isCleaning) return;
  isCleaning = true;
  try {
    chrome?.kill();
  } catch {}
  await stopServer(server).catch(() => {});
  if (process.env.WEB_BENCH_KEEP === '1') {
    console.log(`kept database ${database.name}`);
  } else {
    await dropDatabase(database).catch((e) => console.error(e.message));
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}
const started = performance.now();
try {
  console.log(
    `web bench: database ${database.name}, ${runs} run(s) per page, language ${lang}, Chromium ${chromePath}`,
  );
  // Seed the demo data (development mode), then serve in production mode.
  server = startServer(false);
  await waitReady(base, readyTimeoutMs, server);
  await stopServer(server);
  await assertPortFree();
  server = startServer(true);
  await waitReady(base, readyTimeoutMs, server);
  const cookie = await signIn();
  const signedOutCookie = `cz-lang=${lang}`;

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

  const statementId = pages.includes(monthBillPage) ? await newestStatementId(cookie) : null;
  const plan = pages.map((page) => ({
    path: page === monthBillPage ? page.replace(':statement', String(statementId)) : page,
    preset: 'desktop',
  }));
  if (withMobile && pages.includes('/login')) plan.push({ path: '/login', preset: 'mobile' });

  const rows = [];
  for (const { path, preset } of plan) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) {
      const t = performance.now();
      const sample = await auditWithRetry(
        chrome,
        `${base}${path}`,
        signedOut.has(path) ? signedOutCookie : cookie,
        preset,
      );
      samples.push(sample);
      console.log(
        `  ${path} ${preset} #${i + 1}: score ${sample.score}, LCP ${sec(sample.lcpMs)}, TBT ${Math.round(sample.tbtMs)} ms, JS ${kib(sample.jsTransferBytes)}` +
          `${sample.finalPath !== path ? ` (ended at ${sample.finalPath})` : ''} [${((performance.now() - t) / 1000).toFixed(1)} s]`,
      );
      for (const w of sample.warnings)
        console.log(`    warning: ${typeof w === 'string' ? w : JSON.stringify(w)}`);
    }
    rows.push(summarize(path, preset, samples));
  }

  console.log(`\nLighthouse medians (${runs} run(s) each; ${new Date().toISOString()})\n`);
  printTable(rows);
  console.log(
    '\nJS: transfer size (brotli as served) of the scripts of the first load ("at load": /login\'s own' +
      ' scripts; on console pages\nonly the boot, requested before the load event: their chunks come by' +
      ' dynamic import after it), and of every script of the run ("in all": what the page loads, with' +
      " what it\nfetches ahead when idle, e.g. the console's chunks on /login), with their uncompressed" +
      ' size (raw); req: requests.',
  );
  const login = rows.find((r) => r.path === '/login' && r.preset === 'desktop');
  if (login?.lcpElement) console.log(`\n/login LCP element: ${login.lcpElement}`);
  const verdicts = caseVerdicts(rows);
  console.log('\nTargets');
  for (const v of verdicts)
    console.log(`  ${v.ok ? 'MEETS ' : 'MISSES'}  ${v.label}: ${v.figure} (target ${v.target})`);
  const report = {
    date: new Date().toISOString(),
    lighthouse: lighthouseVersion(),
    chromium: spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim(),
    runs,
    language: lang,
    targets: {
      login: { scoreMin: targets.score, lcpMaxMs: targets.lcpMs, preset: 'desktop' },
      loginMobile: { lcpMaxMs: targets.mobileLcpMs, preset: 'mobile' },
      consolePages: { scoreMin: targets.consoleScore, preset: 'desktop' },
    },
    pages: rows,
    withinTarget: { met: verdicts.filter((v) => v.ok).length, cases: verdicts.length, verdicts },
  };
  const dir = join(root, '.reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'bench-web.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nwritten: .reports/bench-web.json (${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
  );
  withinLine = `within target: ${verdicts.filter((v) => v.ok).length} of ${verdicts.length}`;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanup();
}
if (withinLine) console.log(`\n${withinLine}`);
process.exit(exitCode);
