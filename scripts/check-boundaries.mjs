#!/usr/bin/env node
// Import boundaries of the web app and the server (decisions 0003 and 0015). Exits non-zero on
// any violation; `--report` prints the server's measures and always exits 0.
//
// Web (bulletproof-react): app -> features -> shared. A feature never imports another feature;
// shared code (components, lib, hooks) never imports features or app; features never import app.
// The back office (src/ops, decision 0049) is the same shape on its own: ops/app -> ops/features
// -> ops/lib and ops/components -> the shared code; the customers' code never imports src/ops,
// and src/ops never imports the customers' app or features.
//
// Server (apps/server/src, tests aside):
// - SQL only in repositories: `drizzle-orm` and raw SQL (`execute(sql…)`, sql`…`) only in
//   `*.repository.ts`, `db/` and the job runner;
// - modules meet through services: no import of another module's `*.repository.ts`;
// - no upward import: the kernel and the infrastructure (root files, adapters/, config/, db/,
//   http/, jobs/, lib/) never import a module, and nothing imports the composition (app.ts,
//   main.ts, cli.ts, deps.ts, seed/) but the composition itself (scripts/lib/server-layers.mjs);
// - no import cycle between files, and no two modules (or top-level folders) that import each
//   other;
// - no file over 500 lines (the Drizzle schema and the migrations aside);
// - no hand-typed row casts (`rowsOf<…>`) outside `db/`: repositories type rows through the schema.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { compositionFiles, upwardImport } from './lib/server-layers.mjs';

const root = resolve(import.meta.dirname, '..');
const isReport = process.argv.includes('--report');
const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir, keep) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p, keep));
    else if (keep(p)) out.push(p);
  }
  return out;
}

// ---- web ---------------------------------------------------------------------------------------

function checkWeb() {
  const src = join(root, 'apps/web/src');
  /** Area of a file: ['app'] | ['features', name] | ['shared'] */
  const areaOf = (file) => {
    const parts = relative(src, file).split(sep);
    if (parts[0] === 'ops') {
      // The entry (ops/main.tsx) starts the app.
      if (parts[1] === 'app' || parts[1] === 'main.tsx') return ['ops-app'];
      if (parts[1] === 'features') return ['ops-features', parts[2]];
      return ['ops-shared'];
    }
    if (parts[0] === 'app') return ['app'];
    if (parts[0] === 'features') return ['features', parts[1]];
    return ['shared'];
  };
  const resolveSpec = (file, spec) => {
    if (spec.startsWith('@/')) return join(src, spec.slice(2));
    if (spec.startsWith('.')) return resolve(dirname(file), spec);
    return null;
  };
  const problems = [];
  for (const file of walk(src, (p) => /\.(ts|tsx)$/.test(p))) {
    const from = areaOf(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const target = resolveSpec(file, m[1] ?? m[2]);
      if (!target?.startsWith(src)) continue;
      const to = areaOf(target);
      let bad = null;
      const isOps = (area) => area[0].startsWith('ops-');
      if (!isOps(from) && isOps(to)) bad = `customer code imports the back office (${to.join('/')})`;
      else if (isOps(from) && !isOps(to) && to[0] !== 'shared')
        bad = `the back office imports the customers' ${to.join('/')}`;
      else if (from[0] === 'ops-shared' && to[0] !== 'ops-shared' && to[0] !== 'shared')
        bad = `back-office shared code imports ${to.join('/')}`;
      else if (from[0] === 'ops-features' && to[0] === 'ops-app')
        bad = 'a back-office feature imports ops/app';
      else if (from[0] === 'ops-features' && to[0] === 'ops-features' && to[1] !== from[1])
        bad = `back-office feature ${from[1]} imports feature ${to[1]}`;
      else if (from[0] === 'shared' && to[0] !== 'shared') bad = `shared code imports ${to.join('/')}`;
      else if (from[0] === 'features' && to[0] === 'app') bad = 'a feature imports app/';
      else if (from[0] === 'features' && to[0] === 'features' && to[1] !== from[1])
        bad = `feature ${from[1]} imports feature ${to[1]}`;
      if (bad) problems.push(`${relative(root, file)}: ${bad} (${m[1] ?? m[2]})`);
    }
  }
  return problems;
}

// ---- server ------------------------------------------------------------------------------------

const maxLines = 500;

function checkServer() {
  const src = join(root, 'apps/server/src');
  const isSource = (p) => /\.ts$/.test(p) && !/\.test\.ts$/.test(p) && !p.includes(`${sep}migrations${sep}`);
  // Test support that ships beside its module (local receivers, fixtures) is not product code.
  const isTestSupport = (p) => /\.(test-receiver|fixtures)\.ts$/.test(p);
  const files = walk(src, (p) => isSource(p) && !isTestSupport(p));
  const rel = (p) => relative(src, p).split(sep).join('/');
  /** `modules/<name>` for module files, the top-level folder otherwise; root files are the kernel. */
  const unitOf = (p) => {
    const parts = rel(p).split('/');
    if (parts[0] === 'modules') return `modules/${parts[1]}`;
    return parts.length > 1 ? parts[0] : '(root)';
  };
  const mayHoldSql = (p) =>
    /\.repository\.ts$/.test(p) || rel(p).startsWith('db/') || rel(p) === 'jobs/runner.ts';

  const sqlOutside = [];
  const repositoryImports = [];
  const upwardImports = [];
  const longFiles = [];
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length;
    if (lines > maxLines && rel(file) !== 'db/schema.ts') longFiles.push(`${rel(file)} (${lines} lines)`);
    if (
      !mayHoldSql(file) &&
      (/from ['"]drizzle-orm/.test(text) || /\bexecute\(\s*sql\b/.test(text) || /\bsql`/.test(text))
    ) {
      sqlOutside.push(rel(file));
    }
    const deps = [];
    for (const m of text.matchAll(importRe)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue;
      let target = resolve(dirname(file), spec);
      if (!target.endsWith('.ts') && !target.endsWith('.mjs')) {
        target = files.includes(`${target}.ts`) ? `${target}.ts` : join(target, 'index.ts');
      }
      deps.push(target);
      if (/\.repository\.ts$/.test(target) && unitOf(target) !== unitOf(file)) {
        repositoryImports.push(`${rel(file)} imports ${rel(target)}`);
      }
      const upward = target.startsWith(src) ? upwardImport(rel(file), rel(target)) : null;
      if (upward) upwardImports.push(`${rel(file)} imports ${rel(target)} (${upward})`);
    }
    graph.set(file, deps);
  }

  // Import cycles between files (strongly connected components, Tarjan).
  const cycles = [];
  let counter = 0;
  const stack = [];
  const onStack = new Set();
  const index = new Map();
  const low = new Map();
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort().join(' ↔ '));
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);

  // Modules and top-level folders that import each other (the kernel files at the root are below
  // everything; the composition files app.ts, main.ts, cli.ts and deps.ts above everything).
  const edges = new Set();
  for (const [file, deps] of graph) {
    if (compositionFiles.has(rel(file))) continue;
    for (const dep of deps) {
      if (!graph.has(dep) || compositionFiles.has(rel(dep))) continue;
      const a = unitOf(file);
      const b = unitOf(dep);
      if (a !== b && a !== '(root)' && b !== '(root)') edges.add(`${a}|${b}`);
    }
  }
  const mutual = [...edges]
    .map((e) => e.split('|'))
    .filter(([a, b]) => a < b && edges.has(`${b}|${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`);

  // Hand-typed row casts: repositories type their rows through the schema; only db/ (the migrator
  // and the helper's own definition) may cast.
  const castsOf = (f) => (readFileSync(f, 'utf8').match(/rowsOf</g) ?? []).length;
  const rowCasts = files.reduce((n, f) => n + castsOf(f), 0);
  const castFiles = files.filter((f) => !rel(f).startsWith('db/') && castsOf(f) > 0).map(rel);
  return {
    files: files.length,
    sqlOutside,
    repositoryImports,
    upwardImports,
    cycles,
    mutual,
    longFiles,
    rowCasts,
    castFiles,
  };
}

const web = checkWeb();
const server = checkServer();

if (isReport) {
  console.log(`server (apps/server/src, ${server.files} files, tests aside)`);
  console.log(`  files running SQL outside a repository: ${server.sqlOutside.length}`);
  console.log(`  imports of another module's repository: ${server.repositoryImports.length}`);
  console.log(
    `  upward imports (a module from below the modules, the composition from outside it): ${server.upwardImports.length}`,
  );
  console.log(`  import cycles: ${server.cycles.length}`);
  console.log(`  modules or folders that import each other: ${server.mutual.length}`);
  console.log(`  files over ${maxLines} lines: ${server.longFiles.length}`);
  console.log(`  hand-typed row casts (rowsOf<…>): ${server.rowCasts}`);
}

const problems = [
  ...web,
  ...server.sqlOutside.map((f) => `apps/server/src/${f}: SQL outside a repository`),
  ...server.repositoryImports.map((i) => `apps/server/src/${i}: another module's repository`),
  ...server.upwardImports.map((i) => `apps/server/src/${i}: upward import`),
  ...server.cycles.map((c) => `import cycle: ${c}`),
  ...server.mutual.map((m) => `modules that import each other: ${m}`),
  ...server.longFiles.map((f) => `apps/server/src/${f}: over ${maxLines} lines`),
  ...server.castFiles.map((f) => `apps/server/src/${f}: hand-typed row casts (rowsOf<…>) outside db/`),
];
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`${problems.length} boundary violation(s)`);
  if (!isReport) process.exit(1);
}
