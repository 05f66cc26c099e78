import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres, pgliteDir, queryRows } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { diskStorage } from '../src/plugins/storage/disk-storage.ts';
import { ADMIN, BACKENDS, createScratchPostgres } from './helpers.ts';
import { API_DIR, freePort, startServerProcess } from './processes.ts';

const ROOT = path.join(API_DIR, '../..');
const scratch = (name: string) => mkdtempSync(path.join(tmpdir(), `rd-${name}-`));

/** `npm run backup|restore -- FILE` as an operator runs it, on the given DATA_DIR. */
function npmRun(command: 'backup' | 'restore', file: string, dataDir: string) {
  const run = spawnSync(process.execPath, ['scripts/backup.mjs', command, file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

/** Every row of every table (the migrations' own included), each table in a stable order. */
async function everyRow(database: Database) {
  const tables = await queryRows<{ schema: string; name: string }>(
    database.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const rows: Record<string, unknown[]> = {};
  for (const { schema, name } of tables) {
    const table = sql.raw(`"${schema}"."${name}"`);
    rows[`${schema}.${name}`] = await queryRows(
      database.db,
      sql`select to_jsonb(t)::text as row from ${table} t order by 1`,
    );
  }
  return rows;
}

/** Every file under `root`, by path, with its bytes. */
function everyFile(root: string, prefix = ''): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const entry of readdirSync(path.join(root, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) Object.assign(files, everyFile(root, relative));
    else files[relative] = readFileSync(path.join(root, relative));
  }
  return files;
}

/** Starts the server on a database, checks it serves and signs the administrator in, and stops it. */
async function serveOnce(env: Record<string, string>, admin: { email: string; password: string }) {
  const port = await freePort();
  const server = startServerProcess({ ...env, PORT: String(port) });
  await server.ready();
  const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: admin.email, pass: admin.password }),
  });
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  return login.status;
}

const DEMO_ADMIN = { email: 'admin@reddental.com.ar', password: 'RedDental2025!' };

describe('backups of the embedded database', () => {
  it('copies a stopped installation, refuses while it runs, and restores it whole into a new DATA_DIR', async () => {
    const original = scratch('backup-a');
    const restored = scratch('backup-b');
    const file = path.join(scratch('backup-file'), 'red-dental.backup');
    // The demo: affiliates, providers with their hours, notifications with their PDFs and readers.
    expect(await serveOnce({ DATA_DIR: original, DEMO_DATA: 'true' }, DEMO_ADMIN)).toBe(200);

    const port = await freePort();
    const running = startServerProcess({ DATA_DIR: original, PORT: String(port) });
    await running.ready();
    const refused = npmRun('backup', file, original);
    running.child.kill('SIGTERM');
    await running.exited;
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(
      /^No se puede copiar la base embebida mientras el servidor usa .*Detenga el servidor/,
    );
    expect(() => statSync(file)).toThrow();

    const backup = npmRun('backup', file, original);
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toMatch(/^Copia de .* escrita en .*: la base y \d+ archivos/);
    const restore = npmRun('restore', file, restored);
    expect(restore.status, restore.output).toBe(0);
    expect(npmRun('restore', file, restored).output).toMatch(/ya tiene una base embebida/);

    // Compared before any server touches the copy (a sign-in writes a session).
    const files = everyFile(path.join(original, 'files'));
    expect(Object.keys(files).length).toBeGreaterThan(0);
    expect(everyFile(path.join(restored, 'files'))).toEqual(files);
    const before = await openPglite(pgliteDir(original));
    const rowsBefore = await everyRow(before);
    await before.close();
    const after = await openPglite(pgliteDir(restored));
    const rowsAfter = await everyRow(after);
    await after.close();
    expect(rowsBefore['public.afiliados']!.length).toBeGreaterThan(0);
    expect(rowsBefore['public.profesionales']!.length).toBeGreaterThan(0);
    expect(rowsBefore['public.notificacion_destinatarios']!.length).toBeGreaterThan(0);
    expect(rowsAfter).toEqual(rowsBefore);
    // And the server starts on it and signs the administrator in.
    expect(await serveOnce({ DATA_DIR: restored }, DEMO_ADMIN)).toBe(200);
  }, 240_000);

  it('refuses in one line a folder that does not exist and a DATA_DIR with no database, creating nothing', () => {
    const empty = path.join(scratch('backup-none'), 'no-data');
    const missingFolder = npmRun('backup', path.join(scratch('backup-d'), 'falta', 'copia.backup'), empty);
    expect(missingFolder.status).toBe(1);
    expect(missingFolder.output).toMatch(/La carpeta .*falta no existe: créela antes/);
    const noDatabase = npmRun('backup', path.join(scratch('backup-e'), 'copia.backup'), empty);
    expect(noDatabase.status).toBe(1);
    expect(noDatabase.output).toMatch(/No hay una base embebida en .*: nada que copiar/);
    expect(existsSync(empty)).toBe(false);
  });

  it('refuses a file that is not one of its backups, and leaves DATA_DIR empty', () => {
    const notBackup = path.join(scratch('backup-bad'), 'otra.tar.gz');
    execFileSync('tar', ['-czf', notBackup, '-C', ROOT, 'package.json']);
    const target = scratch('backup-c');
    const restore = npmRun('restore', notBackup, target);
    expect(restore.status).toBe(1);
    expect(restore.output).toMatch(/no es una copia de Red Dental/);
    expect(readdirSync(target).filter((f) => f !== 'server.lock')).toEqual([]);
  });

  describe.runIf(BACKENDS.includes('postgres'))('on PostgreSQL, with the operator manual’s commands', () => {
    const databases: Awaited<ReturnType<typeof createScratchPostgres>>[] = [];
    afterAll(async () => {
      for (const database of databases) await database.drop();
    });

    it('pg_dump and tar, then pg_restore and tar into a new database and DATA_DIR, give every row and file back', async () => {
      const source = await createScratchPostgres();
      const target = await createScratchPostgres();
      databases.push(source, target);
      const dataDir = scratch('pg-backup-a');
      const newDataDir = scratch('pg-backup-b');
      const dir = scratch('pg-backup-files');
      const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
      // The server migrates and seeds; the demo's rows and PDFs are then loaded into it directly.
      expect(await serveOnce({ ...env, DATABASE_URL: source.url, DATA_DIR: dataDir }, ADMIN)).toBe(200);
      const loading = openPostgres(source.url, 2);
      const storage = diskStorage(path.join(dataDir, 'files'));
      expect((await seedDemoData(loading.db, { storage })).status).toBe('created');
      await loading.close();

      // The commands of docs/operating.md's "Backups" section, as written there.
      const shell = (script: string, vars: Record<string, string>) =>
        execFileSync('sh', ['-ec', script], { cwd: dir, env: { PATH: process.env.PATH, ...vars } });
      shell(
        'umask 077\npg_dump --format=custom --file=reddental.dump "$DATABASE_URL"\ntar -czf reddental-files.tar.gz -C "$DATA_DIR" files',
        { DATABASE_URL: source.url, DATA_DIR: dataDir },
      );
      for (const copy of ['reddental.dump', 'reddental-files.tar.gz'])
        expect(statSync(path.join(dir, copy)).mode & 0o777).toBe(0o600);
      shell(
        'pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" reddental.dump\nmkdir -p "$DATA_DIR"\ntar -xzf reddental-files.tar.gz -C "$DATA_DIR"',
        { DATABASE_URL: target.url, DATA_DIR: newDataDir },
      );

      const files = everyFile(path.join(dataDir, 'files'));
      expect(Object.keys(files).length).toBeGreaterThan(0);
      expect(everyFile(path.join(newDataDir, 'files'))).toEqual(files);
      const before = openPostgres(source.url, 1);
      const after = openPostgres(target.url, 1);
      try {
        const rows = await everyRow(before);
        expect(rows['public.afiliados']!.length).toBeGreaterThan(0);
        expect(rows['public.notificacion_destinatarios']!.length).toBeGreaterThan(0);
        expect(await everyRow(after)).toEqual(rows);
      } finally {
        await before.close();
        await after.close();
      }
      expect(await serveOnce({ ...env, DATABASE_URL: target.url, DATA_DIR: newDataDir }, ADMIN)).toBe(200);
    }, 240_000);
  });
});
