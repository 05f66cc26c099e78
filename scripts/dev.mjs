#!/usr/bin/env node
// Development: the API with reload (tsx watch) and the Vite dev server, which proxies /api to it.
import { spawn } from 'node:child_process';

// Each child leads its own process group, so stopping it also stops what it started (tsx's server, Vite).
const run = (command, args, env = process.env) =>
  spawn(command, args, { stdio: 'inherit', env, detached: true });

const children = [
  run('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    ...process.env,
    NODE_ENV: 'development',
  }),
  run('npm', ['run', 'dev', '-w', 'apps/web']),
];

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
