import { createWriteStream, mkdtempSync, openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CATEGORIA_AFILIADOS, NOTIFICACION_CATEGORIAS } from '@red-dental/contracts';
import { afiliadosCsvChunks, generateAfiliados, seededRandom, weightedPicker } from '@red-dental/testing';
import pg from 'pg';
import { Agent, request } from 'undici';
import { hashPassword } from '../src/lib/password.ts';
import { envNumber, POOL } from './lib/config.ts';
import { createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { cpuMeter, formatLoad, runMixedLoad } from './lib/load.ts';
import { seconds, verdict } from './lib/report.ts';
import {
  buildMixes,
  copyAfiliados,
  generateProviders,
  insertProviders,
  OBRAS_SOCIALES,
  sampleOf,
} from './lib/seed.ts';
import { rssMb, startBenchServer } from './lib/server.ts';

/*
 * The whole API under a mixed load on PostgreSQL: 200 closed-loop clients for
 * 60 s against one real server process, each request of a kind drawn by
 * weight, while staff import a 100,000-row CSV. Every answer that is not
 * what that request should get counts as an error (goal: none).
 */

const AFILIADOS = envNumber('BENCH_LOAD_AFILIADOS', 500_000);
const PROVIDERS = envNumber('BENCH_LOAD_PROFESIONALES', 3000);
const CLIENTS = envNumber('BENCH_LOAD_CLIENTS', 200);
const DURATION_MS = envNumber('BENCH_LOAD_SECONDS', 60) * 1000;
const IMPORT_ROWS = envNumber('BENCH_LOAD_IMPORT_ROWS', 100_000);
/** Server processes (WEB_CONCURRENCY) of the side-by-side runs after the main one: BENCH_WORKERS, a list. */
const WORKERS = (process.env.BENCH_WORKERS?.trim() || '1,2').split(',').map((raw) => {
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 1)
    throw new Error(`BENCH_WORKERS must list whole numbers, not '${raw}'`);
  return workers;
});
/** How long each side-by-side run lasts (after its own warm-up). */
const WORKERS_RUN_MS = envNumber('BENCH_WORKERS_SECONDS', 20) * 1000;
/** The import starts this far into the run, when every client is busy. */
const IMPORT_START_MS = Math.min(5000, DURATION_MS / 6);
/** Unmeasured load first: JIT, prepared statements, the pool's connections, the directory's cache. */
const WARMUP_MS = Math.min(5000, DURATION_MS / 6);
/** Connections of the API's pool: cores × 2 + 1, as in the other benchmarks. */
/** Signed in before the run. Coverage checks are 300 an hour per dentist: 100 dentists allow 30,000. */
const SESSIONS = { staff: 10, dentists: 100, afiliados: 200 };
/** Staff accounts signing in during the run (each sign-in resets its account's failure counter). */
const STAFF_ACCOUNTS = 50;
const PASSWORD = 'Bench-Load-2025';
/** Notifications to professionals, each to every signed-in dentist, about half of them read. */
const NOTIFICACIONES_PROFESIONALES = 500;
/** Notifications to the affiliates of each insurer: every affiliate has this many. */
const NOTIFICACIONES_POR_OBRA_SOCIAL = 2;
const CATEGORIAS_PROFESIONALES = NOTIFICACION_CATEGORIAS.filter((c) => c !== CATEGORIA_AFILIADOS);

/**
 * The mix, by weight (out of 100): what the screens of a working day send. Reading is most of it:
 * the sidebar's unread counts on every screen, notification lists, the directory (mostly
 * revalidated, 304), coverage checks and staff searches; sign-ins are rarer, staff's rarest
 * (an argon2 check of 19 MiB each). GET /api/health is the reference: no session, one `select 1`.
 */
const MIX = {
  'staff sign-in': 1,
  'affiliate sign-in': 5,
  'search, document prefix': 9,
  'search, name': 9,
  'coverage check': 10,
  directory: 8,
  'notifications, dentist': 12,
  'notifications, affiliate': 12,
  'unread, dentist': 15,
  'unread, affiliate': 15,
  'health (reference)': 4,
} as const;
type Kind = keyof typeof MIX;

/** Staff accounts, dentists' and affiliates' notifications, on top of the affiliates and providers. */
async function populate(url: string) {
  const insurers = await copyAfiliados(url, AFILIADOS);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = (text: string, params?: unknown[]) => client.query(text, params);
  const json = (value: unknown) => JSON.stringify(value);
  const random = seededRandom(61);
  const passwordHash = await hashPassword(PASSWORD);

  // Providers as the cartilla benchmark makes them, each with 1–3 of the insurers; all can sign in.
  const providers = generateProviders([...generateAfiliados(PROVIDERS, { seed: 31 })]);
  await insertProviders(query, providers, passwordHash);
  await query(
    `insert into profesional_obras_sociales (profesional_id, obra_social_id)
     select p.id, x.obra_social_id from jsonb_to_recordset($1::jsonb) as x(email text, obra_social_id int)
     join profesionales p on p.email = x.email`,
    [
      json(
        providers.flatMap((p) => {
          const own = [
            ...new Set(
              Array.from(
                { length: 1 + Math.floor(random() * 3) },
                () => insurers[Math.floor(random() * insurers.length)]!,
              ),
            ),
          ];
          return own.map((id) => ({ email: p.email, obra_social_id: id }));
        }),
      ),
    ],
  );
  await query(
    `with u as (
       insert into users (email, password_hash, status)
       select 'staff' || i || '@bench.example.com', $1, 'active' from generate_series(0, $2::int - 1) i
       returning id
     )
     insert into user_roles (user_id, role_id) select u.id, r.id from u cross join roles r where r.name = 'ADMINISTRATIVO'`,
    [passwordHash, STAFF_ACCOUNTS],
  );

  // Notifications to professionals, an hour apart, each to every dentist who signs in, half read.
  await query(
    `insert into notificaciones (title, category, recipient_type, file_key, file_name, file_size, recipient_count, created_at)
     select 'Circular ' || i, ($1::text[])[1 + i % cardinality($1::text[])], 'profesionales',
       'notificaciones/bench/p' || i || '.pdf', 'circular-' || i || '.pdf', 1000, $2,
       now() - ($3::int - i) * interval '1 hour'
     from generate_series(0, $3::int - 1) i`,
    [CATEGORIAS_PROFESIONALES, SESSIONS.dentists, NOTIFICACIONES_PROFESIONALES],
  );
  await query(
    `insert into notificacion_destinatarios (notificacion_id, user_id, category, read_at)
     select n.id, p.user_id, n.category,
       case when (n.id * 7919 + p.user_id * 104729) % 100 < 50 then n.created_at + interval '1 day' end
     from notificaciones n
     cross join (select user_id from profesionales where email = any($1::text[])) p
     where n.recipient_type = 'profesionales'`,
    [Array.from({ length: SESSIONS.dentists }, (_, i) => `prestador${i}@bench.example.com`)],
  );
  // Notifications to affiliates, by insurer, a week apart; affiliates have no read marks to keep.
  for (const [k, id] of insurers.entries())
    for (let j = 0; j < NOTIFICACIONES_POR_OBRA_SOCIAL; j++) {
      const { rows } = await query(
        `insert into notificaciones (title, category, recipient_type, file_key, file_name, file_size, filters, created_at)
         values ($1, $2, 'afiliados', $3, 'circular.pdf', 1000, $4::jsonb, now() - $5::int * interval '1 week')
         returning id`,
        [
          `Novedades ${OBRAS_SOCIALES[k]} ${j + 1}`,
          CATEGORIA_AFILIADOS,
          `notificaciones/bench/a${k}-${j}.pdf`,
          json({ obrasSociales: [id] }),
          j,
        ],
      );
      const notificacionId = (rows[0] as { id: number }).id;
      await query(
        `with inserted as (
           insert into notificacion_destinatarios (notificacion_id, afiliado_id, category)
           select $1, a.id, $2 from afiliados a where a.obra_social_id = $3 returning 1
         )
         update notificaciones set recipient_count = (select count(*) from inserted) where id = $1`,
        [notificacionId, CATEGORIA_AFILIADOS, id],
      );
    }
  await query(
    `update notificaciones n set read_count = r.c
     from (select notificacion_id, count(*) as c from notificacion_destinatarios
           where read_at is not null group by notificacion_id) r
     where n.id = r.notificacion_id`,
  );
  await query('vacuum analyze');
  await query('checkpoint').catch(() => {});
  await client.end();
}

async function writeImportCsv(file: string, firstDocumento: number) {
  // New documents, above the generated register's 10,000,000–69,999,999: an insurer's new affiliates.
  const rows = generateAfiliados(IMPORT_ROWS, {
    seed: firstDocumento,
    firstDocumento,
    documentos: 'sequential',
  });
  await pipeline(Readable.from(afiliadosCsvChunks(rows)), createWriteStream(file));
}

export async function runLoadBenchmark() {
  const url = await postgresUrl();
  console.log(
    `\nMixed load on PostgreSQL: ${CLIENTS} closed-loop clients for ${DURATION_MS / 1000} s against one server process (${POOL} database connections), ${AFILIADOS.toLocaleString('es-AR')} affiliates, ${PROVIDERS.toLocaleString('es-AR')} providers; a CSV import of ${IMPORT_ROWS.toLocaleString('es-AR')} rows starts ${seconds(IMPORT_START_MS, 1)} in`,
  );
  if (!url) {
    console.log('  skipped: no PostgreSQL reachable (set BENCH_DATABASE_URL)');
    return;
  }
  const t0 = performance.now();
  const database = await createBenchDatabase('postgres', url);
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-load-'));
  const files = { underLoad: path.join(dir, 'under-load.csv'), alone: path.join(dir, 'alone.csv') };
  await Promise.all([
    populate(database.location),
    writeImportCsv(files.underLoad, 80_000_000),
    writeImportCsv(files.alone, 90_000_000),
  ]);
  console.log(`  loaded in ${seconds(performance.now() - t0, 1)}`);
  // TRUST_PROXY: the bench stands for the one proxy in front, and gives every sign-in an address of
  // its own in X-Forwarded-For, so the per-address limit of 30 a minute is not what is measured.
  const server = await startBenchServer({
    ...database.serverEnv,
    DATABASE_POOL_SIZE: String(POOL),
    TRUST_PROXY: '1',
    MAX_CSV_MB: '200',
  });
  const agent = new Agent({ connections: CLIENTS });
  // The server the clients call: the main run's, then each of the side-by-side runs'.
  let base = server.url;
  let current = server;
  try {
    const addressRandom = seededRandom(5);
    const nextAddress = () =>
      `10.${Math.floor(addressRandom() * 256)}.${Math.floor(addressRandom() * 256)}.${1 + Math.floor(addressRandom() * 254)}`;
    const call = async (
      method: 'GET' | 'POST',
      target: string,
      headers: Record<string, string>,
      body?: unknown,
    ): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> => {
      const res = await request(`${base}${target}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: agent,
      });
      return {
        status: res.statusCode,
        headers: res.headers,
        body: Buffer.from(await res.body.arrayBuffer()),
      };
    };
    const signIn = async (user: string) => {
      const res = await call(
        'POST',
        '/api/user/login',
        { 'x-forwarded-for': nextAddress() },
        { user, pass: PASSWORD },
      );
      if (res.status !== 200) throw new Error(`sign-in of ${user}: ${res.status} ${res.body}`);
      return `Bearer ${(JSON.parse(res.body.toString()) as { token: string }).token}`;
    };
    const sample = sampleOf(AFILIADOS);
    const afiliadoSignIn = async (documento: string) => {
      const res = await call(
        'POST',
        '/api/afiliados/login',
        { 'x-forwarded-for': nextAddress() },
        { documento },
      );
      if (res.status !== 200) throw new Error(`affiliate sign-in of ${documento}: ${res.status} ${res.body}`);
      return `Bearer ${(JSON.parse(res.body.toString()) as { token: string }).token}`;
    };
    const staff: string[] = [];
    for (let i = 0; i < SESSIONS.staff; i++) staff.push(await signIn(`staff${i}@bench.example.com`));
    const dentists: string[] = [];
    for (let i = 0; i < SESSIONS.dentists; i++)
      dentists.push(await signIn(`prestador${i}@bench.example.com`));
    const afiliados: string[] = [];
    for (const a of sample.slice(0, SESSIONS.afiliados)) afiliados.push(await afiliadoSignIn(a.documento));
    const insurers = JSON.parse(
      (await call('GET', '/api/obra-sociales/list', { authorization: staff[0]! })).body.toString(),
    ) as { id: number }[];
    const obraSocialId = insurers[0]!.id;
    console.log(
      `  signed in before the run: ${SESSIONS.staff} staff, ${SESSIONS.dentists} dentists, ${SESSIONS.afiliados} affiliates; sign-ins during the run each come from an address of their own`,
    );

    const { documentos: prefixes, nombres } = buildMixes(sample);
    const etags = new Map<number, string>();
    const coverageChecks = new Array<number>(SESSIONS.dentists).fill(0);
    let coverageNext = 0;
    const pickers = new Map<number, () => Kind>();
    const pick = (client: number) => {
      let picker = pickers.get(client);
      if (!picker) {
        // Each client draws from its own seeded sequence: the same mix in every run, whatever the timing.
        picker = weightedPicker(
          Object.entries(MIX).map(([value, weight]) => ({ value: value as Kind, weight })),
          seededRandom(1000 + client),
        );
        pickers.set(client, picker);
      }
      return picker();
    };
    const choose = <T>(list: readonly T[], client: number, i: number) =>
      list[(client * 7919 + i * 104729) % list.length]!;
    const send = async (kind: Kind, client: number, i: number): Promise<number> => {
      switch (kind) {
        case 'staff sign-in':
          return (
            await call(
              'POST',
              '/api/user/login',
              { 'x-forwarded-for': nextAddress() },
              {
                user: `staff${(client + i) % STAFF_ACCOUNTS}@bench.example.com`,
                pass: PASSWORD,
              },
            )
          ).status;
        case 'affiliate sign-in':
          return (
            await call(
              'POST',
              '/api/afiliados/login',
              { 'x-forwarded-for': nextAddress() },
              {
                documento: choose(sample, client, i).documento,
              },
            )
          ).status;
        case 'search, document prefix':
        case 'search, name': {
          const search = choose(kind === 'search, name' ? nombres : prefixes, client, i);
          return (
            await call(
              'GET',
              `/api/afiliados/paginated?pageIndex=0&pageSize=10&search=${encodeURIComponent(search)}`,
              {
                authorization: choose(staff, client, 0),
              },
            )
          ).status;
        }
        case 'coverage check': {
          // Round-robin over the dentists: 300 checks an hour each.
          const dentist = coverageNext++ % dentists.length;
          coverageChecks[dentist]! += 1;
          const documento = choose(sample, client, i).documento;
          return (
            await call('GET', `/api/afiliados/paginated?pageIndex=0&pageSize=10&search=${documento}`, {
              authorization: dentists[dentist]!,
            })
          ).status;
        }
        case 'directory': {
          // As a browser that keeps the answer: it revalidates with the ETag it got.
          const session = (client + i) % afiliados.length;
          const etag = etags.get(session);
          const res = await call('GET', '/api/profesionales/obrasocial', {
            authorization: afiliados[session]!,
            'accept-encoding': 'gzip',
            ...(etag ? { 'if-none-match': etag } : {}),
          });
          if (res.status === 200 && typeof res.headers.etag === 'string')
            etags.set(session, res.headers.etag);
          return res.status;
        }
        case 'notifications, dentist':
          return (
            await call('GET', '/api/notificaciones/by-id?pageIndex=0&pageSize=10', {
              authorization: choose(dentists, client, i),
            })
          ).status;
        case 'notifications, affiliate':
          return (
            await call('GET', '/api/notificaciones/afiliados?pageIndex=0&pageSize=10', {
              authorization: choose(afiliados, client, i),
            })
          ).status;
        case 'unread, dentist':
          return (
            await call('GET', '/api/notificaciones/unread', { authorization: choose(dentists, client, i) })
          ).status;
        case 'unread, affiliate':
          return (
            await call('GET', '/api/notificaciones/unread', { authorization: choose(afiliados, client, i) })
          ).status;
        case 'health (reference)':
          return (await call('GET', '/api/health', {})).status;
      }
    };
    const expected = (kind: Kind, status: number) =>
      status === 200 || (kind === 'directory' && status === 304);

    const importCsv = async (file: string) => {
      const form = new FormData();
      form.append('obraSocialId', String(obraSocialId));
      form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'padron.csv');
      const start = performance.now();
      const res = await fetch(`${server.url}/api/afiliados/import-csv`, {
        method: 'POST',
        headers: { authorization: choose(staff, 0, 0) },
        body: form,
      });
      const body = (await res.json()) as { count: number; created: number };
      return { ms: performance.now() - start, status: res.status, ...body };
    };

    await runMixedLoad({ concurrency: CLIENTS, durationMs: WARMUP_MS, pick, send, expected });
    const rssStart = rssMb(server.pid);
    const peak = server.sampleRss();
    const cpu = cpuMeter(server.pid);
    const runStart = performance.now();
    const importing = new Promise((resolve) => setTimeout(resolve, IMPORT_START_MS)).then(async () => {
      const startedAt = performance.now() - runStart;
      const result = await importCsv(files.underLoad);
      return { ...result, startedAt, endedAt: performance.now() - runStart };
    });
    const run = await runMixedLoad({ concurrency: CLIENTS, durationMs: DURATION_MS, pick, send, expected });
    const cpuLine = cpu.stop();
    const imported = await importing;
    const rssEnd = rssMb(server.pid);
    const rssPeak = peak.stop();

    console.log(`  by kind (weight out of 100), [answers by status]`);
    for (const kind of Object.keys(MIX) as Kind[]) {
      const r = run.byKind.get(kind);
      if (!r) continue;
      const counts = [...(run.statuses.get(kind) ?? [])]
        .sort(([a], [b]) => String(a).localeCompare(String(b)))
        .map(([status, n]) => `${status} ×${n}`)
        .join(', ');
      console.log(`    ${formatLoad(`${kind} (${MIX[kind]})`, r)}   [${counts}]`);
    }
    console.log(`    ${formatLoad('all', run.total)}`);
    const byStatus = new Map<number | 'error', number>();
    for (const counts of run.statuses.values())
      for (const [status, n] of counts) byStatus.set(status, (byStatus.get(status) ?? 0) + n);
    console.log(
      `  errors: ${run.total.errors} (goal 0: ${verdict(run.total.errors === 0)}); every answer by status: ${[
        ...byStatus,
      ]
        .sort(([a], [b]) => String(a).localeCompare(String(b)))
        .map(([status, n]) => `${status} ×${n}`)
        .join(', ')} (304 is expected only for the directory)`,
    );
    const busiest = Math.max(...coverageChecks);
    if (busiest >= 290)
      console.log(
        `    (a dentist made ${busiest} coverage checks, near the 300 an hour: the run needs more dentists)`,
      );
    const importOk = imported.status === 201 && imported.count === IMPORT_ROWS;
    console.log(
      `  import under load: ${IMPORT_ROWS.toLocaleString('es-AR')} rows in ${seconds(imported.ms, 1)} (${imported.status}, created ${imported.created}), from ${seconds(imported.startedAt, 1)} to ${seconds(imported.endedAt, 1)} into the run${importOk ? '' : '   <-- FAILED'}`,
    );
    console.log(
      `  server RSS: ${rssStart.toFixed(0)} MB at the start, ${rssEnd.toFixed(0)} MB at the end, peak ${rssPeak.toFixed(0)} MB`,
    );
    console.log(`  ${cpuLine}`);
    // The reference for the import: the same size, other new documents, with no other load.
    const alone = await importCsv(files.alone);
    console.log(
      `  import alone (reference): ${seconds(alone.ms, 1)} (${alone.status}); under load it took ${(imported.ms / alone.ms).toFixed(1)}×`,
    );

    // The same mix without the import on 1, 2… server processes sharing the port (WEB_CONCURRENCY),
    // each with the same pool per process, one after the other on the same database.
    await server.close();
    console.log(
      `  the same mix without the import, ${WORKERS_RUN_MS / 1000} s each after a warm-up, by server processes (WEB_CONCURRENCY; ${POOL} connections each):`,
    );
    for (const workers of WORKERS) {
      current = await startBenchServer({
        ...database.serverEnv,
        DATABASE_POOL_SIZE: String(POOL),
        TRUST_PROXY: '1',
        WEB_CONCURRENCY: String(workers),
      });
      base = current.url;
      await runMixedLoad({ concurrency: CLIENTS, durationMs: WARMUP_MS, pick, send, expected });
      const meter = cpuMeter(current.pid, { group: true });
      const result = await runMixedLoad({
        concurrency: CLIENTS,
        durationMs: WORKERS_RUN_MS,
        pick,
        send,
        expected,
      });
      console.log(`    ${formatLoad(`${workers} process${workers === 1 ? '' : 'es'}`, result.total)}`);
      console.log(`      ${meter.stop()}`);
      await current.close();
    }
  } finally {
    await agent.close();
    await current.close();
    await database.drop();
  }
}
