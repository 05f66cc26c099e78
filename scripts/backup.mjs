#!/usr/bin/env node
// `npm run backup -- FILE` / `npm run restore -- FILE`: the embedded installation's database and
// stored files, copied to or restored from one file (apps/api/src/backup.ts), compiled first when
// stale like `npm start`.
import { pathToFileURL } from 'node:url';
import { buildServer, distDir, serverIsStale } from '../apps/api/build.mjs';

const [command, ...args] = process.argv.slice(2);
if (serverIsStale()) await buildServer();
const { backupCommand } = await import(pathToFileURL(`${distDir()}/backup.js`).href);
process.exitCode = await backupCommand(command, args);
