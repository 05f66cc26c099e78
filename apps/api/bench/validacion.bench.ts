import { randomBytes } from 'node:crypto';
import { networkClock } from '@red-dental/contracts';
import { seededRandom } from '@red-dental/testing';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Agent, request } from 'undici';
import { openPostgres } from '../src/db/client.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';
import * as repo from '../src/modules/prestaciones/prestaciones.repository.ts';
import { validar } from '../src/modules/prestaciones/prestaciones.service.ts';
import type { Subject } from '../src/plugins/auth.ts';
import { DURATION_MS, envNumber, WARMUP_MS } from './lib/config.ts';
import { createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { formatLoad, runOpenLoop } from './lib/load.ts';
import { measureOdontograma } from './lib/odontograma.ts';
import { seedChair } from './lib/prestaciones-seed.ts';
import { verdict } from './lib/report.ts';
import { copyAfiliados } from './lib/seed.ts';
import { startBenchServer } from './lib/server.ts';

const AFILIADOS = envNumber('BENCH_VALIDACION_AFILIADOS', 1_000_000);
const DENTISTS = envNumber('BENCH_VALIDACION_DENTISTS', 2_000);
const MONTHS = envNumber('BENCH_VALIDACION_MONTHS', 24);
const PER_MONTH = envNumber('BENCH_VALIDACION_LINES_MONTH', 100_000);
/** Dentists signed in for the load (each history read counts against its own hourly quota). */
const AT_THE_CHAIR = envNumber('BENCH_AT_THE_CHAIR', 40);
const RATES = { validar: 50, historia: 100 };
const GOALS = { validarP99: 100, historiaP99: 50, ratio: 2 };

/** The ten lines of a visit: one code of each treatment area, twice, at places that fit them. */
function visita(random: () => number) {
  const code = (c: number, n: number) => `${String(c).padStart(2, '0')}.${String(n).padStart(2, '0')}`;
  const lines = [];
  for (let i = 0; i < 10; i++) {
    const capitulo = 1 + Math.floor(random() * 10);
    const n = 1 + ((i % 5) + 5 * Math.floor(random() * 2));
    const area = n % 5;
    const codigo = code(capitulo, n);
    // Areas by n % 5: 0 boca, 1 pieza, 2 caras, 3 sector, 4 caras.
    if (area === 1) lines.push({ codigo, pieza: [17, 27, 37, 47][i % 4] });
    else if (area === 2 || area === 4) lines.push({ codigo, pieza: [14, 24, 34, 44][i % 4], caras: 'O' });
    else if (area === 3) lines.push({ codigo, sector: ['SD', 'SI', 'ID', 'II'][i % 4] });
    else lines.push({ codigo });
  }
  return lines;
}

/** The SQL a repository read sends, captured without a database, to send through `pg` alone. */
function captured<T>(read: (db: never) => Promise<T>, answer: unknown): { text: string; values: unknown[] } {
  const dialect = new PgDialect();
  let query: { sql: string; params: unknown[] } | undefined;
  const db = {
    execute: async (q: Parameters<PgDialect['sqlToQuery']>[0]) => {
      query = dialect.sqlToQuery(q);
      return { rows: [answer] };
    },
  };
  void read(db as never).catch(() => undefined);
  return { text: query!.sql, values: query!.params };
}

export async function runValidacionBenchmark() {
  const url = await postgresUrl();
  console.log(
    `\nValidación: ${AFILIADOS.toLocaleString('es-AR')} affiliates, ${DENTISTS.toLocaleString('es-AR')} dentists, ${MONTHS} months of history at ${PER_MONTH.toLocaleString('es-AR')} lines a month, 150 rules a plan; visits of 10 lines at ${RATES.validar}/s and history reads at ${RATES.historia}/s for ${DURATION_MS / 1000} s each (PostgreSQL)`,
  );
  const odontograma = await measureOdontograma();
  console.log(
    `    odontogram              ${odontograma.gzipKb.toFixed(1)} kB gzip (goal ≤ 30 kB: ${verdict(odontograma.gzipKb <= 30)}); redraw after a click at 4× CPU slowdown p50 ${odontograma.p50.toFixed(1)} ms, p95 ${odontograma.p95.toFixed(1)} ms (goal ≤ 16 ms: ${verdict(odontograma.p95 <= 16)}), p99 ${odontograma.p99.toFixed(1)} ms`,
  );
  if (!url) {
    console.log('  (no PostgreSQL reachable: the validation load is not measured)');
    return odontograma.gzipKb <= 30 && odontograma.p95 <= 16;
  }
  const database = await createBenchDatabase('postgres', url);
  const started = performance.now();
  await copyAfiliados(database.location, AFILIADOS);
  const seed = await seedChair(database.location, {
    dentists: DENTISTS,
    months: MONTHS,
    perMonth: PER_MONTH,
  });
  console.log(
    `    seeded ${seed.lines.toLocaleString('es-AR')} lines in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const client = new pg.Client({ connectionString: database.location });
  await client.connect();
  // The bench stands for the proxy in front: each dentist signs in from an address of her own.
  const server = await startBenchServer({ ...database.serverEnv, TRUST_PROXY: '1' });
  const agent = new Agent({ connections: 64 });
  try {
    const random = seededRandom(42);
    const documentos = (
      await client.query<{ documento: string }>(
        'select documento from afiliados tablesample system (1) repeatable (7) where plan_id is not null limit 5000',
      )
    ).rows.map((r) => r.documento);
    const tokens: string[] = [];
    for (const [i, d] of seed.dentists.slice(0, AT_THE_CHAIR).entries()) {
      const res = await fetch(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        },
        body: JSON.stringify({ user: d.email, pass: d.password }),
      });
      if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    const hoy = networkClock(new Date()).date;
    const pickDoc = () => documentos[Math.floor(random() * documentos.length)]!;
    const pickToken = () => tokens[Math.floor(random() * tokens.length)]!;
    const statuses = new Map<number, number>();

    const validarHttp = async () => {
      const res = await request(`${server.url}/api/prestaciones/validar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pickToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ documento: pickDoc(), fecha: hoy, lineas: visita(random) }),
        dispatcher: agent,
      });
      await res.body.dump();
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      // A visit validated (200) and one refused by the plan's rules (422) are both the chair's answer.
      return res.statusCode === 200 || res.statusCode === 422;
    };
    const historiaHttp = async () => {
      const res = await request(`${server.url}/api/prestaciones/historia?documento=${pickDoc()}`, {
        headers: { authorization: `Bearer ${pickToken()}` },
        dispatcher: agent,
      });
      await res.body.dump();
      return res.statusCode === 200;
    };
    // The reference: the same two reads (who and under which plan; the history, codes and fees) through pg alone.
    const dentistUser = (
      await client.query<{ id: number }>('select user_id as id from profesionales order by id limit 1')
    ).rows[0]!.id;
    const reads = async () => {
      const documento = pickDoc();
      const one = captured((db) => repo.findContexto(db, { userId: dentistUser, documento, fecha: hoy }), {});
      const ctx = (await client.query(one.text, one.values)).rows[0] as {
        afiliado_id: number;
        convenio_id: number;
      };
      const codigos = visita(random).map((l) => l.codigo);
      const two = captured(
        (db) =>
          repo.findDatos(db, {
            afiliadoId: ctx.afiliado_id,
            codigos,
            convenioId: ctx.convenio_id,
            fecha: hoy,
          }),
        { historia: [], codigos: [], aranceles: [] },
      );
      await client.query(two.text, two.values);
      return true;
    };

    // The floor every signed-in request stands on: the session is checked against the database.
    const me = async () => {
      const res = await request(`${server.url}/api/user/me`, {
        headers: { authorization: `Bearer ${pickToken()}` },
        dispatcher: agent,
      });
      await res.body.dump();
      return res.statusCode === 200;
    };

    // The reference for a history read: what it writes (its audit row) committed through pg alone, at
    // the same rate, so a stall of the disk's flush shows in both and is told apart from the route's cost.
    const pool = new pg.Pool({ connectionString: database.location, max: 16 });
    const auditoria = async () => {
      const c = await pool.connect();
      try {
        await c.query('begin');
        await c.query(
          `insert into audit_log (actor_user_id, actor_label, action, entity, entity_id, details, documento, afiliado_ids, address)
           values ($1, 'bench', 'consult', 'historia', '0', '{}', $2, '{0}', '127.0.0.1')`,
          [dentistUser, pickDoc()],
        );
        await c.query('commit');
      } finally {
        c.release();
      }
      return true;
    };

    await runOpenLoop({ ratePerSecond: RATES.validar, durationMs: WARMUP_MS, task: validarHttp });
    await runOpenLoop({ ratePerSecond: RATES.historia, durationMs: WARMUP_MS, task: historiaHttp });
    // The history first, on a settled database: the validations' writes leave a checkpoint due.
    await client.query('checkpoint');
    const escritura = await runOpenLoop({
      ratePerSecond: RATES.historia,
      durationMs: DURATION_MS,
      task: auditoria,
    });
    const historia = await runOpenLoop({
      ratePerSecond: RATES.historia,
      durationMs: DURATION_MS,
      task: historiaHttp,
    });
    await pool.end();
    await client.query('checkpoint');
    const floor = await runOpenLoop({ ratePerSecond: RATES.validar, durationMs: DURATION_MS, task: me });
    const reference = await runOpenLoop({
      ratePerSecond: RATES.validar,
      durationMs: DURATION_MS,
      task: reads,
    });
    statuses.clear();
    const validated = await runOpenLoop({
      ratePerSecond: RATES.validar,
      durationMs: DURATION_MS,
      task: validarHttp,
    });
    const ratio = validated.p50 / reference.p50;
    console.log(`    ${formatLoad('GET /api/user/me (signed in)', floor)}`);
    console.log(`    ${formatLoad('the two reads through pg alone', reference)}`);
    console.log(
      `    ${formatLoad('POST /api/prestaciones/validar', validated)}   goal p99 ≤ ${GOALS.validarP99} ms: ${verdict(validated.errors === 0 && validated.p99 <= GOALS.validarP99)}; ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}`,
    );
    console.log(
      `    validation beside the reads alone: ${ratio.toFixed(1)}× at the median (goal ≤ ${GOALS.ratio}×: ${verdict(ratio <= GOALS.ratio)}); beside the signed-in floor plus the reads: ${(validated.p50 / (floor.p50 + reference.p50)).toFixed(1)}×`,
    );
    console.log(`    ${formatLoad('one audit row committed through pg', escritura)}`);
    console.log(
      `    ${formatLoad('GET /api/prestaciones/historia', historia)}   goal p99 ≤ ${GOALS.historiaP99} ms: ${verdict(historia.errors === 0 && historia.p99 <= GOALS.historiaP99)}`,
    );

    // The statements one validation sends, counted at the driver, in a process of the bench's own.
    const database2 = openPostgres(database.location, 2);
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string; name?: string };
      sent.push(
        (typeof q === 'string' ? q : (q.text ?? q.name ?? '?')).trim().split(/\s+/).slice(0, 3).join(' '),
      );
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const caller = {
        id: dentistUser,
        email: 'x',
        address: '127.0.0.1',
        permissions: new Set(),
      } as unknown as Subject;
      // A visit without the affiliate's token: nothing is counted against it, and no secret opened.
      const deps = {
        db: database2.db,
        consumeQuota: async () => undefined,
        secretBox: createSecretBox(randomBytes(32)),
        spendFailure: async () => ({ refund: async () => {} }),
        // The seed's affiliates have no proven e-mail: no question is mailed.
        mail: { enqueue: async () => {}, wake: () => {} } as never,
        config: { publicUrl: 'http://localhost' } as never,
      };
      // A visit that the rules let through, its plan's rules already in memory (a dry run read them).
      let wrote = false;
      for (let attempt = 0; attempt < 20 && !wrote; attempt++) {
        const documento = pickDoc();
        const body = {
          documento,
          fecha: hoy,
          canal: 'normal' as const,
          token: null,
          lineas: visita(random).map((l) => ({
            autorizacion: null,
            adjuntos: [],
            pieza: null,
            caras: null,
            sector: null,
            ...l,
          })),
        };
        const preview = await validar(deps, caller, body as never, true);
        if (preview.lineas.some((l) => l.nivel === 'bloqueo')) continue;
        sent.length = 0;
        await validar(deps, caller, body as never, false);
        wrote = true;
      }
      if (!wrote)
        console.log(
          '    statements of one validation: no visit of 20 drawn passed the rules (a small seed is dense)',
        );
      else
        console.log(
          `    statements of one validation: ${sent.length} (${sent.join(' · ')}); the history and rules in 2 reads (the rules from memory at the plan's version)`,
        );
    } finally {
      pg.Client.prototype.query = original;
      await database2.close();
    }
    return (
      validated.p99 <= GOALS.validarP99 &&
      historia.p99 <= GOALS.historiaP99 &&
      odontograma.gzipKb <= 30 &&
      odontograma.p95 <= 16
    );
  } finally {
    await agent.close();
    await server.close();
    await client.end();
    await database.drop();
  }
}
