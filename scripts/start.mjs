#!/usr/bin/env node
// `npm start`: the compiled server (apps/api/dist/server.js), compiled first when it is missing or
// older than its sources, then run in this same process (no second Node to pay for).
import { pathToFileURL } from 'node:url';
import { buildServer, distDir, serverIsStale } from '../apps/api/build.mjs';

if (serverIsStale()) {
  console.log('Compilando el servidor…');
  await buildServer();
}
await import(pathToFileURL(`${distDir()}/server.js`).href);
