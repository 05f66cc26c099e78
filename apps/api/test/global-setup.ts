import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer, serverIsStale } from '../build.mjs';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedCatalogue } from '../src/db/seed/base.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: { url: string; database: string } | null;
  }
}

/**
 * Migrates once per run: a PGlite image dumped to a file (each test file loads
 * a copy in memory) and, when TEST_DATABASE_URL is set, a PostgreSQL template
 * database (each test file creates its own from it). Everything is dropped at the end.
 */
export default async function setup(project: TestProject) {
  // Tests that start server processes run the compiled server, as `npm start` does.
  if (serverIsStale()) await buildServer();
  const dir = await mkdtemp(path.join(tmpdir(), 'red-dental-test-'));
  const pglite = await openPglite(undefined);
  await migrate(pglite.db);
  await seedCatalogue(pglite.db);
  const client = (pglite.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const image = path.join(dir, 'template.tar.gz');
  await writeFile(image, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', image);

  const url = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (url) {
    template = `rd_test_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = openPostgres(target.toString(), 2);
    await migrate(database.db);
    await seedCatalogue(database.db);
    await database.close();
    project.provide('postgresTemplate', { url, database: template });
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // Test databases left behind by a crashed worker go too.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like '${template}%'`,
      );
      for (const row of rows.filter((r) => r.datname !== template))
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
