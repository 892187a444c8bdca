#!/usr/bin/env node
// Writes .br and .gz next to the web app's text assets so that the server sends them compressed
// without compressing on each request.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The customers' build, and the back office's (served by the ops listener).
const dirs = ['../apps/web/dist', '../apps/web/dist-ops'].map((d) => resolve(import.meta.dirname, d));
let count = 0;
const visit = (p) => {
  for (const name of readdirSync(p)) {
    const file = join(p, name);
    // The login page's server render (dist/.prerender) is read by the server, never sent.
    if (statSync(file).isDirectory()) {
      if (name !== '.prerender') visit(file);
    } else if (/\.(js|css|svg|json|txt|map)$/.test(name) && statSync(file).size > 1024) {
      const data = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      count += 1;
    }
  }
};
for (const dir of dirs) {
  if (!existsSync(dir)) continue;
  count = 0;
  visit(dir);
  console.log(`precompressed ${count} files in ${dir}`);
}
