import path from 'node:path';
import { networkClock, type PeriodoResumen } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  BACKENDS,
  createTestPostgres,
  loginAs,
  signInWithRole,
  testConfig,
} from '../../../test/helpers.ts';
import { until } from '../../../test/processes.ts';
import { type App, buildApp } from '../../app.ts';
import { type Database, openPostgres, queryRows } from '../../db/client.ts';
import { seedFirstAdmin } from '../../db/seed/base.ts';
import { type Chair, setupChair } from '../prestaciones/prestaciones.factories.ts';
import { sembrarMes } from './cierre.factories.ts';

/** The month `n` months before today's. */
function mesAtras(n: number) {
  const [y, m] = networkClock(new Date()).date.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 10));
  return { periodo: d.toISOString().slice(0, 7), dia: d.toISOString().slice(0, 10) };
}

const SIN_MUESTRA = { muestra: { porcentaje: 0, desde: null, desvio: null } };
/** Affiliates a month: enough lines that the closing is still running when it is cut off. */
const AFILIADOS = 1500;

describe.skipIf(!BACKENDS.includes('postgres'))(
  'closing on PostgreSQL: two servers, and a closing cut off',
  () => {
    let database: Database & { url: string };
    let second: Database;
    let a: App;
    let b: App;
    let admin: Record<string, string>;
    let chair: Chair;
    let watcher: pg.Client;

    beforeAll(async () => {
      const config = testConfig();
      database = await createTestPostgres(config.statementTimeoutMs);
      await seedFirstAdmin(database.db, config);
      second = openPostgres(database.url, 5, config.statementTimeoutMs);
      const build = (db: Database) =>
        buildApp({
          config,
          database: db,
          startMailWorker: false,
          logger: false,
          webRoot: path.join(config.dataDir, 'no-web'),
        });
      [a, b] = await Promise.all([build(database), build(second)]);
      await Promise.all([a.ready(), b.ready()]);
      admin = await loginAs(a, ADMIN.email, ADMIN.password);
      chair = await setupChair(a, admin, await signInWithRole(a, admin, 'ADMINISTRATIVO'), 'pg-cierre');
      watcher = new pg.Client({ connectionString: database.url });
      await watcher.connect();
    }, 120_000);

    afterAll(async () => {
      await watcher?.end();
      await a?.close();
      await b?.close();
      await second?.close();
      await database?.close();
    });

    const sembrar = (periodo: { dia: string }, documentoBase: number) =>
      sembrarMes(a.db, {
        obraSocialId: chair.os.id,
        convenioId: chair.convenio.id,
        planId: chair.plan.id,
        profesionalIds: [chair.ana.id, chair.beto.id],
        fecha: periodo.dia,
        afiliados: AFILIADOS,
        documentoBase,
      });
    const cerrar = (app: App, periodo: string) =>
      app.inject({
        method: 'POST',
        url: `/api/periodos/${periodo}/cierre`,
        headers: admin,
        payload: SIN_MUESTRA,
      });
    const cuenta = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ n: number }>(a.db, query))[0]!.n;

    it('leaves the month as it was when the database cuts the closing off half-way, and the next run closes it with every line once', async () => {
      const M = mesAtras(3);
      await sembrar(M, 60_000_000);
      const lineas = AFILIADOS * 2;

      const closing = cerrar(a, M.periodo);
      // Half-way: once the closing is writing what it made of its first slice of affiliates.
      let pid: number | undefined;
      await until(
        async () => {
          const { rows } = await watcher.query<{ pid: number }>(
            `select pid from pg_stat_activity where datname = current_database() and query like 'update lineas l set estado = v.estado%'`,
          );
          pid = rows[0]?.pid;
          return pid !== undefined;
        },
        30_000,
        5,
      );
      await watcher.query('select pg_terminate_backend($1)', [pid]);
      const cut = await closing;
      expect(cut.statusCode).toBeGreaterThanOrEqual(500);

      expect(await cuenta(sql`select count(*)::int as n from periodos`)).toBe(0);
      expect(await cuenta(sql`select count(*)::int as n from lineas where estado = 'validada'`)).toBe(lineas);
      expect(await cuenta(sql`select count(*)::int as n from liquidacion_items`)).toBe(0);
      expect(await cuenta(sql`select count(*)::int as n from lotes`)).toBe(0);

      const again = await cerrar(b, M.periodo);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json() as PeriodoResumen).toMatchObject({
        estado: 'cerrado',
        lineas: { presentadas: lineas, aprobadas: lineas, rechazadas: 0, enAuditoria: 0 },
        importes: {
          presentado: AFILIADOS * 2_000_000,
          coseguros: AFILIADOS * 100_000,
          aprobado: AFILIADOS * 1_900_000,
        },
        liquidaciones: 2,
        lotes: 1,
      });
      expect(await cuenta(sql`select count(*)::int as n from liquidacion_items`)).toBe(lineas);
      expect(await cuenta(sql`select count(distinct linea_id)::int as n from liquidacion_items`)).toBe(
        lineas,
      );
    });

    it('closes a month once when two servers are asked at the same moment', async () => {
      const N = mesAtras(2);
      await sembrar(N, 70_000_000);
      const items = await cuenta(sql`select count(*)::int as n from liquidacion_items`);

      const respuestas = await Promise.all([cerrar(a, N.periodo), cerrar(b, N.periodo)]);
      expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(respuestas.map((r) => r.json().message).sort()).toEqual([
        `El período ${N.periodo} ya está cerrado`,
        `Período ${N.periodo} cerrado`,
      ]);
      expect(respuestas[0]!.body.replace(/"message":"[^"]*"/, '')).toBe(
        respuestas[1]!.body.replace(/"message":"[^"]*"/, ''),
      );
      expect(await cuenta(sql`select count(*)::int as n from liquidacion_items`)).toBe(items + AFILIADOS * 2);
      expect(await cuenta(sql`select count(*)::int as n from lotes where periodo = ${N.periodo}`)).toBe(1);
      expect(
        await cuenta(sql`select count(*)::int as n from liquidaciones where periodo = ${N.periodo}`),
      ).toBe(2);
    });
  },
);
