#!/usr/bin/env node
// The server compiled to plain JavaScript: one ES module, dist/server.js, with the workspace's
// TypeScript packages bundled in and every npm package left to Node to load from node_modules.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(API, '../..');

/** Where the compiled server goes; API_DIST_DIR moves it (the start-up test builds into a folder of its own). */
export const distDir = () => process.env.API_DIST_DIR ?? path.join(API, 'dist');

/** What the bundle is made of: when any of it is newer than the bundle, the bundle is stale. */
const SOURCES = [
  path.join(API, 'src'),
  path.join(API, 'build.mjs'),
  path.join(API, 'package.json'),
  path.join(ROOT, 'packages/contracts/src'),
  path.join(ROOT, 'packages/testing/src'),
  path.join(ROOT, 'package-lock.json'),
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Whether dist/server.js is missing or older than a file it is built from. */
export function serverIsStale() {
  const built = path.join(distDir(), 'server.js');
  if (!existsSync(built)) return true;
  return statSync(built).mtimeMs < Math.max(...SOURCES.map(newestMtime));
}

/**
 * Bundles src/server.ts into dist/server.js (with source maps) with esbuild.
 * What the code imports only when needed (the S3 client, the demo data, the
 * workbook writer) stays in chunks of its own, loaded with it, so a server
 * that never needs them neither reads nor keeps them. The folder is made
 * anew: a server still running from it must be restarted, as after any
 * upgrade.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  rmSync(distDir(), { recursive: true, force: true });
  await build({
    entryPoints: [path.join(API, 'src/server.ts'), path.join(API, 'src/backup.ts')],
    outdir: distDir(),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        // npm packages stay where npm put them (native addons, WASM and data files included);
        // only the workspace's own packages, which ship TypeScript, are compiled in.
        name: 'npm-packages-external',
        setup(bundler) {
          bundler.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@red-dental/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(
    `API compilada en ${path.relative(process.cwd(), distDir()) || '.'}/server.js (${Math.round(performance.now() - started)} ms)`,
  );
}
