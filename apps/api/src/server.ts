import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { MissingAdminPasswordError } from './db/seed/base.ts';
import { DEMO_LOGINS } from './db/seed/demo.ts';
import { closeToOthers, keepNewFilesPrivate, withStartingUmask } from './lib/private-files.ts';
import { dropOutputWithoutReader, flushOutput, LOG_STREAM } from './lib/process-output.ts';
import { superviseWorkers } from './server-cluster.ts';
import { buildWebIfStale, openDatabase, type PreparedDatabase, prepareDatabase } from './startup.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function printBanner(config: Config, address: string, prepared: PreparedDatabase) {
  const { adminCreated, demo } = prepared;
  const processes = config.webConcurrency > 1 ? ` (${config.webConcurrency} procesos)` : '';
  const lines = [
    `Red Dental escuchando en ${address}${processes}`,
    `  Documentación de la API: ${address}/api/docs`,
  ];
  // The credentials are named only when they are known to be this database's: the administrator was
  // created now, or the demo set (created with the default ones) is here. An older database has its own.
  const defaults =
    config.admin.isDefault && (adminCreated || demo?.status === 'created' || demo?.status === 'present');
  if (adminCreated || defaults)
    lines.push(
      `  Administrador: ${config.admin.email} / ${defaults ? config.admin.password : '(ADMIN_PASSWORD)'}`,
    );
  if (defaults)
    lines.push('  ATENCIÓN: credenciales de administrador por defecto; defina ADMIN_EMAIL y ADMIN_PASSWORD.');
  if (demo?.status === 'skipped') lines.push(`  Datos de demostración no cargados: ${demo.reason}`);
  else if (demo) for (const login of DEMO_LOGINS) lines.push(`  ${login.label}: ${login.credentials}`);
  console.log(lines.join('\n'));
}

function readConfig(): Config {
  // A .env file in the working directory is read first; real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** Migrates and seeds, once for all the processes, and builds the web app when it is stale. */
async function prepare(config: Config, database: Awaited<ReturnType<typeof openDatabase>>) {
  let prepared: PreparedDatabase;
  try {
    prepared = await prepareDatabase(database, config);
  } catch (error) {
    if (error instanceof MissingAdminPasswordError) fail(error.message);
    throw error;
  }
  if (config.env !== 'test' && !config.webDir)
    withStartingUmask(() => buildWebIfStale((message) => console.log(message)));
  return prepared;
}

/**
 * One server: the app on the database, listening, closed gracefully on
 * SIGTERM or SIGINT (requests in flight finish first). Returns the address.
 */
async function serve(
  config: Config,
  database: Awaited<ReturnType<typeof openDatabase>>,
  onClosed = () => {},
) {
  const app = await buildApp({
    config,
    database,
    closeDatabase: true,
    webRoot: config.webDir,
    logger: { stream: LOG_STREAM },
  });
  // A worker stops when its primary says so (SIGTERM): a Ctrl+C reaches every process of the
  // terminal, and the primary's SIGTERM after it must not count as a second signal that cuts
  // requests short.
  if (cluster.isWorker) process.on('SIGINT', () => {});
  const skip: 'SIGINT'[] = cluster.isWorker ? ['SIGINT'] : [];
  closeWithGrace({ delay: 15_000, skip }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'closing: finishing requests in flight');
    // Keep-alive connections whose last request just finished would hold close() open until they time out.
    const sweepIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweepIdle);
    onClosed();
    // The last lines (this shutdown's among them) reach a reader that reads; one that does not is not waited for.
    await flushOutput();
  });
  return app.listen({ port: config.port, host: config.host });
}

/** Start-up order (docs/architecture.md): config, data dir lock, build, migrate, seed, then listen. */
async function main() {
  dropOutputWithoutReader();
  // DATA_DIR holds personal data, password hashes and the signing secret: none of it for other users.
  keepNewFilesPrivate();
  const config = readConfig();

  // A worker of several: the primary already migrated, seeded and built.
  if (cluster.isWorker) {
    await serve(config, await openDatabase(config));
    return;
  }

  if (config.webConcurrency > 1) {
    const database = await openDatabase(config);
    const prepared = await prepare(config, database).finally(() => database.close());
    await superviseWorkers(config.webConcurrency, { metrics: config.metrics, host: config.host }, (url) =>
      printBanner(config, url.replace('127.0.0.1', 'localhost'), prepared),
    );
    return;
  }

  let releaseLock = () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }
  process.on('exit', () => releaseLock());
  // What an older installation left readable by others is closed before the server uses it.
  if (!config.databaseUrl) closeToOthers(config.dataDir);
  const database = await openDatabase(config);
  const prepared = await prepare(config, database);
  const address = await serve(config, database, releaseLock);
  printBanner(config, address.replace('127.0.0.1', 'localhost'), prepared);
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar Red Dental:', error instanceof Error ? error.message : error);
  process.exit(1);
});
