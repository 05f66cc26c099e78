#!/usr/bin/env node
// Runs every benchmark of the workspaces that have one, printing their figures.
import { spawnSync } from 'node:child_process';

const workspaces = ['apps/web', 'apps/api'];
let failed = false;
for (const workspace of workspaces) {
  const result = spawnSync('npm', ['run', 'bench', '--if-present', '-w', workspace], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
