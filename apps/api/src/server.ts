import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { MissingAdminPasswordError } from './db/seed/base.ts';
import { DEMO_LOGINS, type DemoSeedResult } from './db/seed/demo.ts';
import { buildWebIfStale, openDatabase, prepareDatabase } from './startup.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function printBanner(config: Config, address: string, demo: DemoSeedResult | undefined) {
  const lines = [`Red Dental escuchando en ${address}`, `  Documentación de la API: ${address}/api/docs`];
  lines.push(
    `  Administrador: ${config.admin.email} / ${config.admin.isDefault ? config.admin.password : '(ADMIN_PASSWORD)'}`,
  );
  if (config.admin.isDefault)
    lines.push('  ATENCIÓN: credenciales de administrador por defecto; defina ADMIN_EMAIL y ADMIN_PASSWORD.');
  if (demo?.status === 'skipped') lines.push(`  Datos de demostración no cargados: ${demo.reason}`);
  else if (demo) for (const login of DEMO_LOGINS) lines.push(`  ${login.label}: ${login.credentials}`);
  console.log(lines.join('\n'));
}

/** Start-up order (docs/architecture.md): config, data dir lock, build, migrate, seed, then listen. */
async function main() {
  // A .env file in the working directory is read first; real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
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

  const database = await openDatabase(config);
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    prepared = await prepareDatabase(database, config);
  } catch (error) {
    if (error instanceof MissingAdminPasswordError) fail(error.message);
    throw error;
  }
  if (config.env !== 'test' && !config.webDir) buildWebIfStale((message) => console.log(message));
  const app = await buildApp({ config, database, closeDatabase: true, webRoot: config.webDir });

  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'closing: finishing requests in flight');
    // Keep-alive connections whose last request just finished would hold close() open until they time out.
    const sweepIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweepIdle);
    releaseLock();
  });

  const address = await app.listen({ port: config.port, host: config.host });
  printBanner(config, address.replace('127.0.0.1', 'localhost'), prepared.demo);
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar Red Dental:', error instanceof Error ? error.message : error);
  process.exit(1);
});
