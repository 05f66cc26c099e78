#!/usr/bin/env node
// Gzip size of the JavaScript the login page loads: the entry chunk, its static
// imports, and the lazily loaded chunks of the /login route (its layout and its
// screen) with their static imports. Reads the Vite manifest of the last build.
// usage: npm run bench -w apps/web -- bundle   (builds first; fails above the budget)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 110;
const DIST = new URL('../dist/', import.meta.url).pathname;
const MANIFEST = join(DIST, '.vite', 'manifest.json');
/** The lazy modules the router loads for /login (see src/app/router.tsx). */
const LOGIN_ROUTE_MODULES = ['src/app/layouts/public-layout.tsx', 'src/app/routes/login.tsx'];

if (!existsSync(MANIFEST)) {
  console.error(`No build manifest at ${MANIFEST}: run "npm run build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

/** A chunk and everything it imports statically. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`"${key}" is not in the manifest; has the route map changed?`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const keys = new Set();
for (const key of [entryKey, ...LOGIN_ROUTE_MODULES]) for (const k of withStaticImports(key)) keys.add(k);

const rows = [...keys]
  .map((key) => {
    const file = manifest[key].file;
    const bytes = readFileSync(join(DIST, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
for (const row of rows) console.log(`${kb(row.gzip)} KB gzip ${kb(row.raw)} KB  ${row.file}`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const rawTotal = rows.reduce((sum, row) => sum + row.raw, 0);
console.log(
  `login page JavaScript: ${kb(total).trim()} KB gzip (${kb(rawTotal).trim()} KB raw) in ${rows.length} files, budget ${BUDGET_KB} KB`,
);
if (total > BUDGET_KB * 1024) {
  console.error(`Over budget by ${(total / 1024 - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
