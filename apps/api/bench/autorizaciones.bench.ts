import { randomBytes } from 'node:crypto';
import { seededRandom } from '@red-dental/testing';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Agent, FormData, request } from 'undici';
import { jpegConUbicacion } from '../src/lib/image-location.factories.ts';
import { hashPassword } from '../src/lib/password.ts';
import * as repo from '../src/modules/autorizaciones/autorizaciones.repository.ts';
import { DURATION_MS, envNumber, WARMUP_MS } from './lib/config.ts';
import { createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { formatLoad, runOpenLoop } from './lib/load.ts';
import { seedChair } from './lib/prestaciones-seed.ts';
import { verdict } from './lib/report.ts';
import { copyAfiliados } from './lib/seed.ts';
import { login, rssMb, startBenchServer } from './lib/server.ts';

const AFILIADOS = envNumber('BENCH_AUTORIZACIONES_AFILIADOS', 200_000);
const ABIERTAS = envNumber('BENCH_AUTORIZACIONES_ABIERTAS', 10_000);
const PAGE = 50;
const RATES = { cola: 20, pedir: 20 };
const GOALS = { colaP99: 100, pedirP99: 100, uploadRssMb: 30 };
const UPLOADS = 5;
/** A code of the seed's plans ('boca' area, no frequency, copay or cap) made to need an authorization with no file. */
const POR_REGLA = '01.05';
const AUDITOR = { email: 'auditor@bench.example.com', password: 'Bench-Auditor-2025' };

/** Every statement a repository read sends, captured without a database, to send through `pg` alone. */
function captured(read: (db: never) => Promise<unknown>): { text: string; values: unknown[] }[] {
  const dialect = new PgDialect();
  const queries: { text: string; values: unknown[] }[] = [];
  const db = {
    execute: async (q: Parameters<PgDialect['sqlToQuery']>[0]) => {
      const { sql, params } = dialect.sqlToQuery(q);
      queries.push({ text: sql, values: params });
      return { rows: [] };
    },
  };
  void read(db as never).catch(() => undefined);
  return queries;
}

/**
 * A phone's photo of `bytes`: a JPEG whose Exif names where it was taken, then image data of random
 * bytes (no marker among them), so the server strips the location and copies the rest as it comes.
 */
function fotoDe(bytes: number): Buffer {
  const header = jpegConUbicacion(Buffer.alloc(0));
  const scan = randomBytes(bytes - header.length);
  for (let i = 0; i < scan.length; i++) if (scan[i] === 0xff) scan[i] = 0xfe;
  return jpegConUbicacion(scan);
}

/** 10,000 open requests across the network, each of 1–3 teeth and 0–2 files, their promises spread over two days. */
async function seedAbiertas(client: pg.Client, abiertas: number) {
  await client.query(
    `with a as (
       insert into autorizaciones (numero, afiliado_id, profesional_id, obra_social_id, convenio_id, plan_id, estado,
         nota, respuesta_antes, created_at)
       select 'AU-C' || translate(lpad(i::text, 7, '0'), '01', 'AB'),
         af.id, (select min(id) from profesionales) + i % 200, af.obra_social_id, cv.id, af.plan_id,
         case when i % 5 = 0 then 'observada' else 'en_revision' end, 'Pedido de banco de pruebas ' || i,
         now() + make_interval(mins => (i * 37) % 2880), now() - make_interval(mins => (i * 13) % 2880)
       from generate_series(1, $1::int) i
       join afiliados af on af.id = 1 + (i::bigint * 7919) % (select max(id) from afiliados)
       join convenios cv on cv.obra_social_id = af.obra_social_id
       where af.plan_id is not null
       returning id)
     insert into autorizacion_items (autorizacion_id, codigo_id, pieza, caras, estado, resultados)
     select a.id, (select id from codigos_prestacion where codigo = '01.02'),
       (array[16,26,36,46,11,21])[1 + (a.id + k) % 6], '', 'pendiente',
       '[{"codigo":"D05","nivel":"aviso","mensaje":"Falta la Rx preoperatoria"}]'::jsonb
     from a cross join lateral generate_series(1, 1 + a.id % 3) k`,
    [abiertas],
  );
  await client.query(
    `insert into adjuntos (autorizacion_id, tipo, nombre, mime, bytes, sha256, storage_key)
     select a.id, 'rx_pre', 'rx-' || k || '.jpg', 'image/jpeg', 350000, md5(a.id::text || k), 'bench/' || a.id || '-' || k
     from autorizaciones a cross join lateral generate_series(1, a.id % 3) k`,
  );
  await client.query(
    `update reglas set requiere_autorizacion = true
     where codigo_id = (select id from codigos_prestacion where codigo = $1)`,
    [POR_REGLA],
  );
  const hash = await hashPassword(AUDITOR.password);
  await client.query(
    `with u as (insert into users (email, password_hash, status, email_confirmed_at)
       values ($1, $2, 'active', now()) returning id)
     insert into user_roles (user_id, role_id) select u.id, (select id from roles where name = 'AUDITOR ODONTOLÓGICO') from u`,
    [AUDITOR.email, hash],
  );
  await client.query('vacuum analyze');
  await client.query('checkpoint');
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from autorizaciones where estado in ('en_revision','observada')`,
  );
  return rows[0]!.n;
}

export async function runAutorizacionesBenchmark() {
  const url = await postgresUrl();
  console.log(
    `\nAutorizaciones: the auditors' queue's first page (${PAGE} of ${ABIERTAS.toLocaleString('es-AR')} open, each with its teeth and files) at ${RATES.cola}/s, requests the rules approve at once at ${RATES.pedir}/s, and ${UPLOADS} photos of 10 MB (PostgreSQL)`,
  );
  if (!url) {
    console.log('  (no PostgreSQL reachable: not measured)');
    return true;
  }
  const database = await createBenchDatabase('postgres', url);
  const client = new pg.Client({ connectionString: database.location });
  const started = performance.now();
  await copyAfiliados(database.location, AFILIADOS);
  const seed = await seedChair(database.location, { dentists: 200, months: 1, perMonth: 20_000 });
  await client.connect();
  const abiertas = await seedAbiertas(client, ABIERTAS);
  console.log(
    `    seeded ${abiertas.toLocaleString('es-AR')} open requests in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const server = await startBenchServer({ ...database.serverEnv, TRUST_PROXY: '1' });
  const agent = new Agent({ connections: 64 });
  try {
    const random = seededRandom(44);
    const auditor = await login(server.url, AUDITOR.email, AUDITOR.password);
    const dentistas: string[] = [];
    for (const d of seed.dentists.slice(0, 20)) dentistas.push(await login(server.url, d.email, d.password));
    const documentos = (
      await client.query<{ documento: string }>(
        'select documento from afiliados tablesample system (5) repeatable (3) where plan_id is not null limit 5000',
      )
    ).rows.map((r) => r.documento);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;

    // The queue through the server, and the same two statements (page and count) through pg alone.
    const colaHttp = async () => {
      const res = await request(`${server.url}/api/auditoria-odontologica/cola?pageSize=${PAGE}`, {
        headers: { authorization: `Bearer ${auditor}` },
        dispatcher: agent,
      });
      const body = (await res.body.json()) as { rows: unknown[] };
      return res.statusCode === 200 && body.rows.length === PAGE;
    };
    const statements = captured((db) =>
      repo.findPage(db, { cola: true }, { limit: PAGE, offset: 0 }, () => null),
    );
    const colaPg = async () => {
      await Promise.all(statements.map((s) => client.query(s.text, s.values)));
      return true;
    };
    await runOpenLoop({ ratePerSecond: RATES.cola, durationMs: WARMUP_MS, task: colaHttp });
    const referencia = await runOpenLoop({
      ratePerSecond: RATES.cola,
      durationMs: DURATION_MS,
      task: colaPg,
    });
    const cola = await runOpenLoop({ ratePerSecond: RATES.cola, durationMs: DURATION_MS, task: colaHttp });
    console.log(`    ${formatLoad('the page and count through pg alone', referencia)}`);
    console.log(
      `    ${formatLoad('GET /api/auditoria-odontologica/cola', cola)}   goal p99 ≤ ${GOALS.colaP99} ms: ${verdict(cola.errors === 0 && cola.p99 <= GOALS.colaP99)}; ${(cola.p50 / referencia.p50).toFixed(1)}× pg alone at the median`,
    );

    // A request the plan's rules approve at once: judged by the chair's engine, numbered, audited.
    const statuses = new Map<number, number>();
    const pedirHttp = async () => {
      const res = await request(`${server.url}/api/autorizaciones`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${pick(dentistas)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ documento: pick(documentos), lineas: [{ codigo: POR_REGLA }] }),
        dispatcher: agent,
      });
      await res.body.dump();
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      return res.statusCode === 201;
    };
    await runOpenLoop({ ratePerSecond: RATES.pedir, durationMs: WARMUP_MS, task: pedirHttp });
    statuses.clear();
    const pedir = await runOpenLoop({ ratePerSecond: RATES.pedir, durationMs: DURATION_MS, task: pedirHttp });
    const aprobadas = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from autorizaciones where estado = 'aprobada' and created_by is not null`,
      )
    ).rows[0]!.n;
    console.log(
      `    ${formatLoad('POST /api/autorizaciones (by rule)', pedir)}   goal p99 ≤ ${GOALS.pedirP99} ms: ${verdict(pedir.errors === 0 && pedir.p99 <= GOALS.pedirP99)}; ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}; ${aprobadas} approved at once`,
    );

    // Photos of 10 MB, one after another, onto a request under review: the server streams them to storage.
    const { rows } = await client.query<{ id: number; email: string }>(
      `select a.id, p.email from autorizaciones a join profesionales p on p.id = a.profesional_id
       where a.estado = 'en_revision' order by a.id limit 1`,
    );
    const duena = seed.dentists.find((d) => d.email === rows[0]!.email)!;
    /**
     * RSS growth over `n` uploads of `foto`, one after another, on a server of its own started for it
     * (after one small upload), so each measure starts from the same state; and how many were stored.
     */
    const medir = async (foto: Buffer, n: number) => {
      const propio = await startBenchServer({ ...database.serverEnv, TRUST_PROXY: '1' });
      try {
        const token = await login(propio.url, duena.email, duena.password);
        const subir = async (bytes: Buffer, nombre: string) => {
          const form = new FormData();
          form.append('tipo', 'rx_pre');
          form.append('archivo', new Blob([bytes], { type: 'image/jpeg' }), nombre);
          const res = await request(`${propio.url}/api/autorizaciones/${rows[0]!.id}/adjuntos`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: form,
            dispatcher: agent,
          });
          await res.body.dump();
          return res.statusCode === 201;
        };
        await subir(fotoDe(100 * 1024), 'calentamiento.jpg');
        const before = rssMb(propio.pid);
        const sampler = propio.sampleRss();
        const tiempos: number[] = [];
        let subidas = 0;
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          if (await subir(foto, `foto-${i}.jpg`)) subidas += 1;
          tiempos.push(performance.now() - t0);
        }
        const peak = sampler.stop();
        return { before, peak, growth: peak - before, subidas, tiempos };
      } finally {
        await propio.close();
      }
    };
    // The reference: the same bytes (50 MB) as photos of 100 kB. Memory an upload held would grow
    // with a file's size; the buffers each stream passes along are garbage that V8 collects once
    // some tens of MB have piled up outside its heap, whatever the size of the files they came in.
    const grande = await medir(fotoDe(10 * 1024 * 1024 - 4096), UPLOADS);
    const chica = await medir(fotoDe(100 * 1024), UPLOADS * 100);
    const line = (label: string, m: typeof chica) =>
      `    ${m.tiempos.length} photos of ${label}: ${m.subidas} stored, ${Math.min(...m.tiempos).toFixed(0)}–${Math.max(...m.tiempos).toFixed(0)} ms each; server RSS ${m.before.toFixed(0)} MB before, peak ${m.peak.toFixed(0)} MB (+${m.growth.toFixed(0)} MB)`;
    const uploadMet = grande.subidas === UPLOADS && grande.growth < GOALS.uploadRssMb;
    console.log(line('100 kB', chica));
    console.log(`${line('10 MB', grande)}; goal < ${GOALS.uploadRssMb} MB: ${verdict(uploadMet)}`);
    console.log(
      `    the 10 MB photos beside the same bytes in 100 kB photos: ${(grande.growth - chica.growth).toFixed(0)} MB more at the peak`,
    );
    return (
      cola.errors === 0 &&
      cola.p99 <= GOALS.colaP99 &&
      pedir.errors === 0 &&
      pedir.p99 <= GOALS.pedirP99 &&
      uploadMet
    );
  } finally {
    await agent.close();
    await server.close();
    await client.end();
    await database.drop();
  }
}
