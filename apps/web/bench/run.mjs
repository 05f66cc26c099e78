#!/usr/bin/env node
// `npm run bench -w apps/web [-- bundle|lighthouse]`: builds the app, then the
// login page's JavaScript against its budget and, with no argument or
// 'lighthouse', the Lighthouse figures of the sign-in pages and the portal.
import { spawnSync } from 'node:child_process';
import { runLighthouseBenchmark } from './lighthouse.mjs';

const only = process.argv[2];
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
let ok = true;
if (!only || only === 'bundle') {
  ok = spawnSync('node', ['bench/bundle-size.mjs'], { stdio: 'inherit' }).status === 0 && ok;
}
// Lighthouse figures are printed beside their goals; only the JavaScript budget fails the run.
if (!only || only === 'lighthouse') await runLighthouseBenchmark();
process.exit(ok ? 0 : 1);
