#!/usr/bin/env node
/**
 * Bundle size of the web app: gzip (zlib level 9) of the JS and CSS that /login loads first
 * (entry + its static imports + the login route's chunk and its static imports + their CSS),
 * of each route's chunk, and totals. Reads Vite's manifest; builds apps/web first when
 * apps/web/dist is missing or older than the sources (or with --build).
 * Prints figures; never fails on a budget (benchmarks do not gate CI).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite/manifest.json');
const budgetKiB = 80;

/** Route chunks by the source module of their page. */
const routeModules = [
  ['/login', 'src/features/auth/routes/login.tsx'],
  ['/login second step (when asked for)', 'src/features/auth/components/second-step.tsx'],
  ['/login captcha (after failed sign-ins)', 'src/features/auth/components/login-captcha.tsx'],
  ['/login mobile (phones on configured hosts, face pages)', 'src/features/auth/components/mobile-login.tsx'],
  ['/noAuth', 'src/app/routes/no-auth.tsx'],
  ['/noFound (and pages not built yet)', 'src/app/routes/no-found.tsx'],
  ['/dev/outbox (development mode)', 'src/features/dev-outbox/routes/dev-outbox.tsx'],
  ['/register', 'src/features/registration/routes/register.tsx'],
  ['/aws-register', 'src/features/registration/routes/aws-register.tsx'],
  ['/findAccount', 'src/features/recovery/routes/find-account.tsx'],
  ['/findUsername', 'src/features/recovery/routes/find-username.tsx'],
  ['/findPassword', 'src/features/recovery/routes/find-password.tsx'],
  ['/confirm-change', 'src/features/contact-change/routes/confirm-change.tsx'],
  ['/sso-error', 'src/features/auth/routes/sso-error.tsx'],
  ['/login Huawei-cloud license (when asked for)', 'src/features/auth/components/huawei-license.tsx'],
  ['console: session gate, router, query, i18next', 'src/app/console/console-app.tsx'],
  ['console: shell', 'src/app/console/console-shell.tsx'],
  ['/workbench', 'src/app/routes/workbench.tsx'],
  ['/workbench feature cards (fetched with their data)', 'src/app/routes/workbench-feature-cards.ts'],
  ['console: menu drawer (narrow windows)', 'src/app/console/shell-menu-drawer.tsx'],
  ['console: pages not built', 'src/app/console/not-built.tsx'],
  ['console: login protection dialogs', 'src/features/mfa/components/login-protection-dialog.tsx'],
  ['/accountManage/accountInfo', 'src/app/routes/account-info.tsx'],
  ['console: password policy dialog', 'src/features/account/components/password-policy-dialog.tsx'],
  ['console: change password dialog', 'src/features/account/components/change-password-dialog.tsx'],
];
const routeKey = (label) => routeModules.find(([l]) => l === label)?.[1];
const loginNamespaces = ['common', 'login', 'validation'];

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

function isFresh() {
  if (!existsSync(manifestPath)) return false;
  const built = statSync(manifestPath).mtimeMs;
  const sources = [
    join(web, 'src'),
    join(web, 'index.html'),
    join(web, 'vite.config.ts'),
    join(web, 'package.json'),
    join(root, 'packages/phrases/src'),
    join(root, 'packages/contract/src'),
  ];
  return sources.every((p) => !existsSync(p) || newestMtime(p) <= built);
}

if (process.argv.includes('--build') || !isFresh()) {
  console.log('Building apps/web …');
  execSync('npm run build -w @console/web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const sizeCache = new Map();
function gz(file) {
  if (!sizeCache.has(file)) {
    const buf = readFileSync(join(dist, file));
    sizeCache.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  return sizeCache.get(file);
}

/** Chunk keys reachable by static imports from `keys` (included). */
function closure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) stack.push(dep);
  }
  return seen;
}

function measure(keys) {
  let js = 0;
  let jsRaw = 0;
  let css = 0;
  const cssFiles = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    const s = gz(chunk.file);
    js += s.gzip;
    jsRaw += s.raw;
    for (const file of chunk.css ?? []) cssFiles.add(file);
  }
  for (const file of cssFiles) css += gz(file).gzip;
  return { js, jsRaw, css, chunks: keys.size };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
const pad = (text, n) => String(text).padEnd(n);
const lpad = (text, n) => String(text).padStart(n);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('No entry in the Vite manifest');
const entry = closure([entryKey]);
const entrySize = measure(entry);

console.log('\nWeb bundle sizes (gzip, zlib level 9)\n');

// /login first load
const loginKey = routeKey('/login');
const loginFirst = closure([entryKey, loginKey]);
const login = measure(loginFirst);
console.log('/login first load (entry + static imports + login route chunk + its static imports)');
console.log(`  JS : ${kib(login.js)} gzip (${kib(login.jsRaw)} raw, ${login.chunks} chunks)`);
console.log(`  CSS: ${kib(login.css)} gzip`);
console.log(
  `  budget: JS <= ${budgetKiB} KiB gzip -> ${login.js <= budgetKiB * 1024 ? 'WITHIN' : 'OVER'} (${kib(budgetKiB * 1024 - login.js)} left)`,
);
for (const lang of ['zh-CN', 'en-US']) {
  let bytes = 0;
  for (const ns of loginNamespaces) {
    const key = `../../packages/phrases/src/${lang.toLowerCase()}/${ns}.ts`;
    if (manifest[key]) bytes += gz(manifest[key].file).gzip;
  }
  console.log(`  + phrases fetched with it (${loginNamespaces.join(', ')}; ${lang}): ${kib(bytes)} gzip`);
}
console.log(`  of which the entry alone: JS ${kib(entrySize.js)}, CSS ${kib(entrySize.css)}`);

// The second step of the sign-in comes later, only when the server asks for it.
const secondKey = routeKey('/login second step (when asked for)');
if (manifest[secondKey]) {
  const added = measure(new Set([...closure([secondKey])].filter((k) => !loginFirst.has(k))));
  console.log(
    `/login second step, loaded when asked for: JS +${kib(added.js)} gzip (${added.chunks} chunks), CSS +${kib(added.css)}`,
  );
}

// Each route
console.log('\nRoute chunks: own chunk / added to the entry by its static imports (JS), CSS added');
console.log(`  ${pad('route', 48)}${lpad('own JS', 12)}${lpad('+static JS', 14)}${lpad('+CSS', 12)}`);
for (const [label, key] of routeModules) {
  if (!manifest[key]) {
    console.log(`  ${pad(label, 48)}(no chunk)`);
    continue;
  }
  const own = gz(manifest[key].file).gzip;
  const added = new Set([...closure([key])].filter((k) => !entry.has(k)));
  const addedSize = measure(added);
  const entryCss = new Set(manifest[entryKey].css ?? []);
  let css = 0;
  for (const k of added) for (const f of manifest[k].css ?? []) if (!entryCss.has(f)) css += gz(f).gzip;
  console.log(`  ${pad(label, 48)}${lpad(kib(own), 12)}${lpad(kib(addedSize.js), 14)}${lpad(kib(css), 12)}`);
}

// The console as a user reaching /workbench gets it
const workbenchKey = routeKey('/workbench');
const consoleKeys = [
  'src/app/console/console-app.tsx',
  'src/app/console/console-shell.tsx',
  workbenchKey,
].filter((k) => manifest[k]);
const consoleFirst = measure(closure([entryKey, ...consoleKeys]));
console.log(
  `\n/workbench first load (entry + console + shell + workbench): JS ${kib(consoleFirst.js)}, CSS ${kib(consoleFirst.css)}`,
);
// The feature cards come after the first paint, alongside the cards' one call (placeholders meanwhile).
const cardsKey = routeKey('/workbench feature cards (fetched with their data)');
if (manifest[cardsKey]) {
  const consoleSet = closure([entryKey, ...consoleKeys]);
  const cards = measure(new Set([...closure([cardsKey])].filter((k) => !consoleSet.has(k))));
  console.log(
    `  then, with the cards' data: JS +${kib(cards.js)} (${cards.chunks} chunks), CSS +${kib(cards.css)}; in all ${kib(consoleFirst.js + cards.js)}`,
  );
}

// Other lazy chunks
console.log('\nOther lazy chunks');
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || routeModules.some(([, k]) => k === key)) continue;
  console.log(`  ${pad(key.replace('../../', ''), 60)}${lpad(kib(gz(chunk.file).gzip), 12)}`);
}

// Totals
let totalJs = 0;
let totalCss = 0;
const cssSeen = new Set();
for (const chunk of Object.values(manifest)) {
  if (chunk.file.endsWith('.js')) totalJs += gz(chunk.file).gzip;
  for (const f of chunk.css ?? []) {
    if (!cssSeen.has(f)) {
      cssSeen.add(f);
      totalCss += gz(f).gzip;
    }
  }
}
console.log(
  `\nTotals: JS ${kib(totalJs)} gzip in ${Object.values(manifest).filter((c) => c.file.endsWith('.js')).length} chunks, CSS ${kib(totalCss)} gzip\n`,
);
