import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { BACKENDS, type Backend, createScratchPostgres } from '../../test/helpers.ts';
import { compactSearchKey, searchKey } from '../lib/text.ts';
import { type Database, type Db, openPglite, openPostgres, queryRows } from './client.ts';
import { MIGRATIONS_FOLDER, migrate } from './migrate.ts';

/** An empty database of the test's own, and how to be rid of it. */
async function emptyDatabase(backend: Backend): Promise<{ database: Database; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openPglite(undefined);
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchPostgres();
  const database = openPostgres(scratch.url, 2);
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Applies the migrations that came before `tag`, as an installation of that older version has them. */
async function migrateBefore(db: Db, tag: string) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const { entries } = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  const index = entries.findIndex((e) => e.tag === tag);
  expect(index).toBeGreaterThan(0);
  const internal = db as unknown as {
    dialect: { migrate: (m: unknown, s: unknown, c: unknown) => Promise<void> };
    session: unknown;
  };
  await internal.dialect.migrate(migrations.slice(0, index), internal.session, {
    migrationsFolder: MIGRATIONS_FOLDER,
  });
}

describe.each(BACKENDS)('migrations over the data of an older installation (%s)', (backend) => {
  it('0033 recomputes what name search reads: the affiliates’ word prefixes and the providers’ keys', async () => {
    const { database, drop } = await emptyDatabase(backend);
    const { db } = database;
    try {
      await migrateBefore(db, '0033_name_search_ignores_punctuation');
      // As the version before wrote them: the folded name with its spaces and marks.
      const afiliado = "D'Alessandro, Juan";
      await db.execute(sql`insert into afiliados (nombre, nombre_busqueda, tipo_documento, documento)
        values (${afiliado}, ${searchKey(afiliado)}, 'DNI', '30555111')`);
      const [user] = await queryRows<{ id: number }>(
        db,
        sql`insert into users (email, password_hash) values ('antes@example.com', 'x') returning id`,
      );
      const nombre = 'Lorena D’Alessandro – Consultorio';
      const razonSocial = 'De la Fuente S.R.L. (sede «Centro»)';
      await db.execute(sql`insert into profesionales (user_id, nombre, razon_social, busqueda, email)
        values (${user!.id}, ${nombre}, ${razonSocial}, ${searchKey(`${nombre} ${razonSocial}`)}, 'antes@example.com')`);

      await migrate(db);

      const [row] = await queryRows<{ found: boolean; indexed: boolean }>(
        db,
        sql`select nombre_prefijos @> '{dalessandro}' as found,
              exists (select 1 from pg_indexes where indexname = 'afiliados_nombre_prefijos_idx') as indexed
            from afiliados`,
      );
      expect(row).toEqual({ found: true, indexed: true });
      // The same characters dropped in SQL as compactSearchKey drops; the rest («») stays on both sides.
      const [provider] = await queryRows<{ busqueda: string }>(db, sql`select busqueda from profesionales`);
      expect(provider!.busqueda).toBe(compactSearchKey(`${nombre} ${razonSocial}`));
      expect(provider!.busqueda).toBe('lorenadalessandroconsultoriodelafuentesrlsede«centro»');
    } finally {
      await drop();
    }
  });
  it('0034 takes the map’s fallback centre off the offices stored there and keeps every pin put elsewhere', async () => {
    const { database, drop } = await emptyDatabase(backend);
    const { db } = database;
    try {
      await migrateBefore(db, '0034_offices_at_the_map_fallback_unplaced');
      const office = async (email: string, lat: string, long: string, origen: string) => {
        const [user] = await queryRows<{ id: number }>(
          db,
          sql`insert into users (email, password_hash) values (${email}, 'x') returning id`,
        );
        await db.execute(sql`insert into profesionales (user_id, nombre, busqueda, email, lat, long, ubicacion_origen)
          values (${user!.id}, ${email}, ${email}, ${email}, ${lat}, ${long}, ${origen})`);
      };
      // An office in Funes saved where the map had opened, and one really placed a block away.
      await office('funes@example.com', '-34.603700', '-58.381600', 'manual');
      await office('cerca@example.com', '-34.603800', '-58.381600', 'manual');

      await migrate(db);

      const rows = await queryRows<{
        email: string;
        lat: string | null;
        long: string | null;
        origen: string | null;
      }>(
        db,
        sql`select email, lat::text as lat, long::text as long, ubicacion_origen as origen
            from profesionales order by email`,
      );
      expect(rows).toEqual([
        { email: 'cerca@example.com', lat: '-34.603800', long: '-58.381600', origen: 'manual' },
        { email: 'funes@example.com', lat: null, long: null, origen: null },
      ]);
    } finally {
      await drop();
    }
  });
});
