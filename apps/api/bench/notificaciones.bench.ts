import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATEGORIA_AFILIADOS, NOTIFICACION_CATEGORIAS } from '@red-dental/contracts';
import { buildPdf, generateAfiliados, seededRandom } from '@red-dental/testing';
import pg from 'pg';
import { Agent, request } from 'undici';
import { type Database, openPglite, pgliteDir } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/password.ts';
import { compactSearchKey, searchKey } from '../src/lib/text.ts';
import { nuevaNotificacionMail } from '../src/modules/notificaciones/notificaciones.mails.ts';
import { freePort } from '../test/processes.ts';
import { CONCURRENCY, DURATION_MS, envNumber, POOL } from './lib/config.ts';
import { BENCH_ADMIN, createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { cpuMeter, formatLoad, type LoadResult, measureLoad, runLoad, runOpenLoop } from './lib/load.ts';
import { median, seconds, verdict } from './lib/report.ts';
import { login, startBenchServer } from './lib/server.ts';

/** Affiliates of the insurer the notification goes to, and of a second one it must not reach. */
const AFILIADOS = envNumber('BENCH_NOTIF_AFILIADOS', 100_000);
const OTHER_AFILIADOS = Math.round(AFILIADOS / 5);
/** The share of affiliates with a confirmed e-mail: each gets one mail in the outbox. */
const EMAIL_SHARE = 0.3;
const SENDS = 3;
/** The professional whose unread counts are read: this many notifications, about half of them read. */
const NOTIFICACIONES = 10_000;
/** Every one of those notifications also went to 49 of 2,000 other professionals: 500,000 recipient rows. */
const OTHER_PROFESIONALES = 2_000;
const PER_NOTIFICACION = 50;
/** Connections of the API's pool: cores × 2 + 1, as in the search benchmark. */
const GOALS = { sendSeconds: 2, unreadP99Ms: 20 };
/** The open-loop rate for unread counts: 1,000 requests a second. */
const STEADY_RATE = envNumber('BENCH_UNREAD_RATE', 1000);
const PROFESIONAL = { email: 'notificaciones@bench.example.com', password: 'Bench-Prestador-2025' };
const CATEGORIAS_PROFESIONALES = NOTIFICACION_CATEGORIAS.filter((c) => c !== CATEGORIA_AFILIADOS);
const MAIL = nuevaNotificacionMail('http://127.0.0.1', 'afiliados', false);
const PDF = buildPdf(['Red Dental', 'Novedades para afiliados', 'Circular de prueba del benchmark.']);

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * The affiliates (generated people, ~30 % with a confirmed e-mail), the other professionals' names,
 * and the bench professional's notifications: a category each and whether it was read.
 */
function generate() {
  const random = seededRandom(43);
  const people = [...generateAfiliados(AFILIADOS + OTHER_AFILIADOS + OTHER_PROFESIONALES, { seed: 41 })];
  const afiliados = people.slice(0, AFILIADOS + OTHER_AFILIADOS).map((a, i) => ({
    nombre: a.nombre,
    nombre_busqueda: searchKey(a.nombre),
    documento: a.documento,
    fecha_nacimiento: a.fecha_nacimiento,
    email: random() < EMAIL_SHARE ? `afiliado${i}@bench.example.com` : null,
    target: i < AFILIADOS,
  }));
  const withEmail = afiliados.filter((a) => a.target && a.email !== null).length;
  const otherWithEmail = afiliados.filter((a) => !a.target && a.email !== null).length;
  const profesionales = people.slice(AFILIADOS + OTHER_AFILIADOS).map((p, i) => ({
    email: `prestador${i}@bench.example.com`,
    nombre: p.nombre,
    busqueda: compactSearchKey(p.nombre),
  }));
  const notificaciones = Array.from({ length: NOTIFICACIONES }, (_, i) => ({
    i,
    category: CATEGORIAS_PROFESIONALES[Math.floor(random() * CATEGORIAS_PROFESIONALES.length)]!,
    read: random() < 0.5,
  }));
  const unread: Record<string, number> = {};
  for (const n of notificaciones) if (!n.read) unread[n.category] = (unread[n.category] ?? 0) + 1;
  return { afiliados, withEmail, otherWithEmail, profesionales, notificaciones, unread };
}

/** Bulk inserts from JSON (a few statements per table), the same on PostgreSQL and PGlite. */
async function populate(database: Database, data: ReturnType<typeof generate>) {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const query: Query = (text, params) => client.query(text, params);
  const json = (value: unknown) => JSON.stringify(value);
  const ids: number[] = [];
  for (const nombre of ['OSDE', 'Swiss Medical']) {
    const { rows } = await query('insert into obras_sociales (nombre) values ($1) returning id', [nombre]);
    ids.push(rows[0]!.id as number);
  }
  for (let i = 0; i < data.afiliados.length; i += 25_000)
    await query(
      `insert into afiliados (nombre, nombre_busqueda, tipo_documento, documento, fecha_nacimiento, email, obra_social_id)
       select nombre, nombre_busqueda, 'DNI', documento, fecha_nacimiento::date, email, case when target then $2::int else $3::int end
       from jsonb_to_recordset($1::jsonb) as x(nombre text, nombre_busqueda text, documento text,
         fecha_nacimiento text, email text, target boolean)`,
      [json(data.afiliados.slice(i, i + 25_000)), ids[0], ids[1]],
    );
  // Approved professionals as the cartilla benchmark makes them: an active account, its profile and the
  // PRESTADOR role. Only the bench professional can sign in.
  const bench = {
    email: PROFESIONAL.email,
    nombre: 'Prestador del benchmark',
    busqueda: compactSearchKey('Prestador del benchmark'),
    password_hash: await hashPassword(PROFESIONAL.password),
  };
  await query(
    `with x as (
       select * from jsonb_to_recordset($1::jsonb) as x(email text, nombre text, busqueda text, password_hash text)
     ), u as (
       insert into users (email, password_hash, status) select email, coalesce(password_hash, '!'), 'active' from x
       returning id, email
     )
     insert into profesionales (user_id, nombre, busqueda, email)
     select u.id, x.nombre, x.busqueda, x.email from x join u using (email)`,
    [json([bench, ...data.profesionales])],
  );
  await query(
    `insert into user_roles (user_id, role_id)
     select p.user_id, r.id from profesionales p cross join roles r where r.name = 'PRESTADOR'`,
  );
  // The notifications, an hour apart, oldest first; the bench professional's rows with their read
  // state, then each notification's 49 other professionals (a fixed stride over the 2,000, half read).
  await query(
    `insert into notificaciones (title, category, recipient_type, file_key, file_name, file_size, recipient_count, created_at)
     select 'Circular ' || x.i, x.category, 'profesionales', 'notificaciones/bench/' || x.i || '.pdf',
       'circular-' || x.i || '.pdf', ${PDF.length}, ${PER_NOTIFICACION}, now() - ($2::int - x.i) * interval '1 hour'
     from jsonb_to_recordset($1::jsonb) as x(i int, category text, read boolean) order by x.i`,
    [json(data.notificaciones), NOTIFICACIONES],
  );
  await query(
    `insert into notificacion_destinatarios (notificacion_id, user_id, category, read_at)
     select n.id, u.id, n.category, case when x.read then n.created_at + interval '1 day' end
     from jsonb_to_recordset($1::jsonb) as x(i int, category text, read boolean)
     join notificaciones n on n.file_key = 'notificaciones/bench/' || x.i || '.pdf'
     cross join (select id from users where email = $2) u`,
    [json(data.notificaciones), PROFESIONAL.email],
  );
  const stride = Math.floor(OTHER_PROFESIONALES / (PER_NOTIFICACION - 1));
  await query(
    `with o as (
       select p.user_id as id, row_number() over (order by p.user_id) - 1 as idx
       from profesionales p where p.email <> $1
     )
     insert into notificacion_destinatarios (notificacion_id, user_id, category, read_at)
     select n.id, o.id, n.category,
       case when (n.id * 7919 + k * 104729) % 100 < 50 then n.created_at + interval '1 day' end
     from notificaciones n cross join generate_series(0, $2::int - 2) k
     join o on o.idx = (n.id + k * $3::int) % $4::int`,
    [PROFESIONAL.email, PER_NOTIFICACION, stride, OTHER_PROFESIONALES],
  );
  await query(
    `update notificaciones n set read_count = r.c
     from (select notificacion_id, count(*) as c from notificacion_destinatarios
           where read_at is not null group by notificacion_id) r
     where n.id = r.notificacion_id`,
  );
  await query(database.kind === 'postgres' ? 'vacuum analyze' : 'analyze');
  return { target: ids[0]!, other: ids[1]! };
}

/** The statements a send to affiliates runs (notificaciones.repository.ts), straight through the driver. */
const BARE = {
  notificacion: `insert into notificaciones (title, category, recipient_type, file_key, file_name, file_size, filters)
    values ($1, $2, 'afiliados', $3, 'circular.pdf', ${PDF.length}, $4::jsonb) returning id`,
  /** insertRecipientsAndMail: the recipients selected once, their rows and their mails inserted from them. */
  recipients: `with matching as materialized (
      select a.id, a.email from afiliados a where a.obra_social_id = any($3::int[])
    ),
    inserted as (
      insert into notificacion_destinatarios (notificacion_id, afiliado_id, category)
      select $1::int, m.id, $2::text from matching m
      returning 1
    ),
    queued as (
      insert into mail_outbox ("to", template, carries_secret, subject, text, html)
      select r.email, $4, $5, $6, $7, $8
      from (select m.email from matching m where m.email is not null) r
      returning 1
    )
    update notificaciones set recipient_count = (select count(*) from inserted)
    where id = $1 returning recipient_count as n, (select count(*) from queued) as mails`,
};

/** The two statements in one transaction for a scratch notification; seconds from BEGIN to COMMIT. */
async function bareSend(query: Query, obraSocialId: number, rollback = false) {
  const start = performance.now();
  await query('begin');
  const { rows } = await query(BARE.notificacion, [
    'Referencia',
    CATEGORIA_AFILIADOS,
    `notificaciones/bench/ref-${Date.now()}.pdf`,
    JSON.stringify({ obrasSociales: [obraSocialId], zonas: [], especialidades: [], profesionales: [] }),
  ]);
  const id = rows[0]!.id as number;
  const mail = [MAIL.template, MAIL.carriesSecret, MAIL.subject, MAIL.text, MAIL.html];
  const recipients = await query(BARE.recipients, [id, CATEGORIA_AFILIADOS, `{${obraSocialId}}`, ...mail]);
  await query(rollback ? 'rollback' : 'commit');
  return {
    id,
    seconds: (performance.now() - start) / 1000,
    recipientCount: Number(recipients.rows[0]!.n),
    mails: Number(recipients.rows[0]!.mails),
  };
}

/** What a send left behind, from the tables: its recipient rows, any outside the insurer, the queued mails. */
async function written(query: Query, id: number, obraSocialId: number) {
  const { rows } = await query(
    `select
       (select count(*) from notificacion_destinatarios where notificacion_id = $1) as recipients,
       (select count(*) from notificacion_destinatarios d join afiliados a on a.id = d.afiliado_id
         where d.notificacion_id = $1 and a.obra_social_id is distinct from $2) as strays,
       (select count(*) from mail_outbox where template = $3) as mails`,
    [id, obraSocialId, MAIL.template],
  );
  const r = rows[0]!;
  return { recipients: Number(r.recipients), strays: Number(r.strays), mails: Number(r.mails) };
}

/** Back to the seeded state: the send's rows and mails gone, the tables vacuumed, the pages written. */
async function reset(query: Query, kind: 'pglite' | 'postgres', id?: number) {
  if (id !== undefined) await query('delete from notificaciones where id = $1', [id]);
  await query('delete from mail_outbox where template = $1', [MAIL.template]);
  if (kind === 'postgres') {
    await query('vacuum analyze notificaciones, notificacion_destinatarios, mail_outbox');
    await query('checkpoint').catch(() => {});
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) output, indented. */
async function explain(query: Query, text: string, params: unknown[] = []) {
  const { rows } = await query(`explain (analyze, buffers) ${text}`, params);
  return rows.map((r) => `      ${String(r['QUERY PLAN'])}`).join('\n');
}

export async function runNotificacionesBenchmark() {
  const url = await postgresUrl();
  const kind = url ? 'postgres' : 'pglite';
  console.log(
    `\nNotifications on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (no PostgreSQL reachable)'}: a send to ${AFILIADOS.toLocaleString('es-AR')} affiliates of one insurer (${OTHER_AFILIADOS.toLocaleString('es-AR')} of another must not be reached), ${SENDS} times; unread counts of a professional with ${NOTIFICACIONES.toLocaleString('es-AR')} notifications, ${CONCURRENCY} concurrent clients, ${POOL} database connections, ${DURATION_MS / 1000} s per run`,
  );
  const t0 = performance.now();
  const data = generate();
  let ids = { target: 0, other: 0 };
  const database = await createBenchDatabase(kind, url, async (db) => {
    ids = await populate(db, data);
  });
  const totalRecipients = NOTIFICACIONES * PER_NOTIFICACION;
  console.log(
    `  loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${(AFILIADOS + OTHER_AFILIADOS).toLocaleString('es-AR')} affiliates (${data.withEmail.toLocaleString('es-AR')} of the insurer with a confirmed e-mail), ${(OTHER_PROFESIONALES + 1).toLocaleString('es-AR')} approved professionals, ${NOTIFICACIONES.toLocaleString('es-AR')} notifications to professionals with ${totalRecipients.toLocaleString('es-AR')} recipient rows`,
  );
  // Nothing listens on this port: the mail worker's first try of a batch is refused at once, and it puts
  // the batch back, so no mail is sent (or written to a file) while the figures are taken.
  const smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
  const server = await startBenchServer({
    ...database.serverEnv,
    DATA_DIR: database.serverEnv.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'rd-bench-files-')),
    DATABASE_POOL_SIZE: String(POOL),
    SMTP_URL: smtpUrl,
  });
  console.log(
    `  mail: SMTP_URL=${smtpUrl}, a port nothing listens on. A send only queues its mails (one set-based insert into mail_outbox, inside the measured transaction); the worker's first try of each batch of 10 is refused at once and the batch goes back with a back-off, so nothing is delivered or written to disk during the runs. The default file transport (no SMTP_URL) would instead write an .eml file per mail, some 30,000 after each send, on the same cores as the next measurement.`,
  );
  const bare =
    kind === 'postgres' ? new pg.Pool({ connectionString: database.location, max: POOL }) : undefined;
  const pgQuery: Query | undefined = bare && ((text, params) => bare.query(text, params));
  const agent = new Agent({ connections: CONCURRENCY });
  const summary: string[] = [];
  const bareSends: Awaited<ReturnType<typeof bareSend>>[] = [];
  try {
    const admin = {
      authorization: `Bearer ${await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password)}`,
    };

    // 1. A notification to 100,000 affiliates: request sent → 201, every recipient row and mail committed.
    const apiSend = async (obraSocialId: number, title: string) => {
      const form = new FormData();
      form.append('title', title);
      form.append('category', CATEGORIA_AFILIADOS);
      form.append('obrasSociales', JSON.stringify([obraSocialId]));
      form.append('pdfs', new Blob([PDF], { type: 'application/pdf' }), 'circular.pdf');
      const cpu = cpuMeter(server.pid);
      const start = performance.now();
      const res = await fetch(`${server.url}/api/notificaciones/afiliados`, {
        method: 'POST',
        headers: admin,
        body: form,
      });
      const body = (await res.json()) as { id: number; recipientCount: number };
      const elapsed = (performance.now() - start) / 1000;
      if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(body)}`);
      return { ...body, seconds: elapsed, cpu: cpu.stop() };
    };
    const apiDelete = async (id: number) => {
      const res = await fetch(`${server.url}/api/notificaciones`, {
        method: 'DELETE',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [id] }),
      });
      if (res.status !== 204) throw new Error(`delete failed: ${res.status} ${await res.text()}`);
    };
    // Without PostgreSQL the server holds PGlite alone: the recipients are counted through the API.
    const apiRecipients = async (id: number) => {
      const res = await fetch(`${server.url}/api/notificaciones/${id}/destinatarios?pageIndex=0&pageSize=1`, {
        headers: admin,
      });
      return ((await res.json()) as { rowCount: number }).rowCount;
    };

    // Warm-up, not counted: one send to the other insurer (the server's code paths, the plans, the pages).
    const warm = await apiSend(ids.other, 'Calentamiento');
    await apiDelete(warm.id);
    if (pgQuery) await reset(pgQuery, kind);
    console.log(
      `  warm-up: a send to the other insurer's ${warm.recipientCount.toLocaleString('es-AR')} affiliates in ${seconds(warm.seconds * 1000)} (not counted)`,
    );

    const sends: number[] = [];
    for (let i = 1; i <= SENDS; i++) {
      const sent = await apiSend(ids.target, `Novedades para afiliados ${i}`);
      let check: string;
      if (pgQuery) {
        const w = await written(pgQuery, sent.id, ids.target);
        if (
          sent.recipientCount !== AFILIADOS ||
          w.recipients !== AFILIADOS ||
          w.strays !== 0 ||
          w.mails !== data.withEmail
        )
          throw new Error(`send ${i} wrote ${JSON.stringify({ ...w, recipientCount: sent.recipientCount })}`);
        check = `${w.recipients.toLocaleString('es-AR')} recipient rows for id ${sent.id}, none outside the insurer, ${w.mails.toLocaleString('es-AR')} mails queued (= affiliates with an e-mail)`;
      } else {
        const listed = await apiRecipients(sent.id);
        if (sent.recipientCount !== AFILIADOS || listed !== AFILIADOS)
          throw new Error(`send ${i}: recipientCount ${sent.recipientCount}, ${listed} listed`);
        check = `${listed.toLocaleString('es-AR')} recipients listed for id ${sent.id} (outbox counted at the end)`;
      }
      console.log(`  API send ${i}: ${seconds(sent.seconds * 1000)} to the 201; ${check}`);
      console.log(`    ${sent.cpu.replace('load generator', 'bench')}`);
      sends.push(sent.seconds);
      await apiDelete(sent.id);
      if (pgQuery) await reset(pgQuery, kind);
    }

    // The reference: the same statements straight through pg, one transaction, for a scratch notification.
    if (pgQuery) {
      const client = await bare!.connect();
      const one: Query = (text, params) => client.query(text, params);
      try {
        await bareSend(one, ids.other, true);
        for (let i = 0; i < SENDS; i++) {
          const run = await bareSend(one, ids.target);
          const w = await written(one, run.id, ids.target);
          if (run.recipientCount !== AFILIADOS || w.recipients !== AFILIADOS || w.mails !== data.withEmail)
            throw new Error(`bare send wrote ${JSON.stringify(w)}`);
          bareSends.push(run);
          await reset(one, kind, run.id);
        }
      } finally {
        client.release();
      }
    }

    // 2. Unread counts for the professional with 10,000 notifications.
    const token = await login(server.url, PROFESIONAL.email, PROFESIONAL.password);
    const auth = { authorization: `Bearer ${token}` };
    const first = await request(`${server.url}/api/notificaciones/unread`, {
      headers: auth,
      dispatcher: agent,
    });
    const answer = (await first.body.json()) as Record<string, number>;
    const sorted = (o: Record<string, number>) => JSON.stringify(Object.entries(o).sort());
    if (first.statusCode !== 200 || sorted(answer) !== sorted(data.unread))
      throw new Error(`unread counts ${JSON.stringify(answer)}, seeded ${JSON.stringify(data.unread)}`);
    const unreadTotal = Object.values(answer).reduce((a, b) => a + b, 0);
    console.log(
      `  unread counts checked: ${unreadTotal.toLocaleString('es-AR')} unread of ${NOTIFICACIONES.toLocaleString('es-AR')} in ${Object.keys(answer).length} categories, as seeded (${Object.entries(
        answer,
      )
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')})`,
    );
    const measure = async (task: (client: number, i: number) => Promise<boolean>) => {
      const { result, cpu } = await measureLoad(server.pid, task);
      return { result, cpu: cpu.text };
    };
    const health = await measure(async () => {
      const res = await request(`${server.url}/api/health`, { dispatcher: agent });
      await res.body.dump();
      return res.statusCode === 200;
    });
    /** One unread-counts request as the professional's screen makes it. */
    const getUnread = async () => {
      const res = await request(`${server.url}/api/notificaciones/unread`, {
        headers: auth,
        dispatcher: agent,
      });
      await res.body.arrayBuffer();
      return res.statusCode === 200;
    };
    const unread = await measure(getUnread);
    const report = (label: string, run: { result: LoadResult; cpu: string }) => {
      console.log(`  ${formatLoad(label, run.result)}`);
      console.log(`    ${run.cpu}`);
    };
    report('GET /api/health (reference)', health);
    report('GET /api/notificaciones/unread', unread);
    const unreadMet = unread.result.p99 < GOALS.unreadP99Ms && unread.result.errors === 0;
    console.log(
      `    p99 ${unread.result.p99.toFixed(1)} ms (goal < ${GOALS.unreadP99Ms} ms): ${verdict(unreadMet)}; ${((100 * unread.result.rps) / health.result.rps).toFixed(0)} % of the reference's rate, whose own p99 is ${health.result.p99.toFixed(1)} ms`,
    );
    console.log(
      `    ${CONCURRENCY} clients in a closed loop wait ${CONCURRENCY} / rate on average (Little's law): ${((1000 * CONCURRENCY) / unread.result.rps).toFixed(1)} ms at this rate, ${((1000 * CONCURRENCY) / health.result.rps).toFixed(1)} ms at the reference's`,
    );

    // One client at a time: what a request costs when it does not queue behind 49 others.
    const single = await runLoad({
      concurrency: 1,
      durationMs: 2000,
      warmupMs: 500,
      task: getUnread,
    });
    console.log(`  ${formatLoad('unread, 1 client at a time', single)}`);

    // Arrivals at a steady rate, as users come (open loop): far above a network's real peak,
    // every dentist's screen asking once a minute.
    const steady = await runOpenLoop({
      ratePerSecond: STEADY_RATE,
      durationMs: DURATION_MS,
      task: getUnread,
    });
    const steadyMet = steady.p99 < GOALS.unreadP99Ms && steady.errors === 0;
    console.log(`  ${formatLoad(`unread, steady ${STEADY_RATE} req/s`, steady)}`);
    console.log(
      `    p99 ${steady.p99.toFixed(1)} ms at a steady ${STEADY_RATE} req/s (goal < ${GOALS.unreadP99Ms} ms): ${verdict(steadyMet)}`,
    );

    if (pgQuery) {
      // The query alone: its plan, and the same statement under the same load straight through pg.
      const { rows } = await pgQuery('select id from users where email = $1', [PROFESIONAL.email]);
      const userId = rows[0]!.id as number;
      // What the API sends for a user: the counts the recipients' triggers keep (decision 051).
      const text = `select category, unread as n from notificacion_unread_counts
        where user_id = $1 and unread > 0`;
      const plan = await explain(pgQuery, text, [userId]);
      const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
      const scan = /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan) using (\S+)|Seq Scan on \S+/.exec(
        plan,
      )?.[0];
      console.log(`    EXPLAIN (ANALYZE, BUFFERS) of the unread query: ${scan}, ${time} ms`);
      if (!unreadMet) console.log(plan);
      const direct = await measure(async () => {
        await bare!.query({ name: 'unread', text, values: [userId] });
        return true;
      });
      report('bare pg, the unread query alone', direct);
      const directSingle = await runLoad({
        concurrency: 1,
        durationMs: 2000,
        warmupMs: 500,
        task: async () => {
          await bare!.query({ name: 'unread', text, values: [userId] });
          return true;
        },
      });
      console.log(`  ${formatLoad('bare pg, 1 client at a time', directSingle)}`);
      console.log(
        `    the database alone answers ${direct.result.rps.toFixed(0)} req/s; the API reaches ${((100 * unread.result.rps) / direct.result.rps).toFixed(0)} % of it`,
      );
    }
    summary.push(
      `${'unread counts, 50 clients'.padEnd(34)} p99 ${unread.result.p99.toFixed(1).padStart(6)} ms, ${unread.result.errors} errors   goal p99 < ${GOALS.unreadP99Ms} ms: ${verdict(unreadMet)}`,
      `${`unread counts, steady ${STEADY_RATE} req/s`.padEnd(34)} p99 ${steady.p99.toFixed(1).padStart(6)} ms, ${steady.errors} errors   goal p99 < ${GOALS.unreadP99Ms} ms: ${verdict(steadyMet)}`,
    );

    const sendMedian = median(sends);
    const sendMet = sendMedian < GOALS.sendSeconds && Math.max(...sends) < GOALS.sendSeconds;
    if (bareSends.length > 0) {
      const bareMedian = median(bareSends.map((r) => r.seconds));
      console.log(
        `  bare pg, the same two statements in one transaction: ${bareSends.map((r) => seconds(r.seconds * 1000)).join(', ')}; median ${seconds(bareMedian * 1000)}`,
      );
      console.log(
        `  API send: ${sends.map((v) => seconds(v * 1000)).join(', ')}; median ${seconds(sendMedian * 1000)} = ${(sendMedian / bareMedian).toFixed(2)}× the bare statements (goal < ${GOALS.sendSeconds} s in every send): ${verdict(sendMet)}`,
      );
    } else
      console.log(
        `  API send: ${sends.map((v) => seconds(v * 1000)).join(', ')}; median ${seconds(sendMedian * 1000)} (goal < ${GOALS.sendSeconds} s in every send): ${verdict(sendMet)}`,
      );
    if (!sendMet && pgQuery) {
      // Where a send's time goes: the recipients' and the mails' inserts (one statement), analysed and rolled back.
      const client = await bare!.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query(BARE.notificacion, [
          'Plan',
          CATEGORIA_AFILIADOS,
          'plan.pdf',
          '{}',
        ]);
        const id = rows[0].id as number;
        console.log(
          await explain((t, p) => client.query(t, p), BARE.recipients, [
            id,
            CATEGORIA_AFILIADOS,
            `{${ids.target}}`,
            MAIL.template,
            MAIL.carriesSecret,
            MAIL.subject,
            MAIL.text,
            MAIL.html,
          ]),
        );
      } finally {
        await client.query('rollback');
        client.release();
      }
    }
    summary.unshift(
      `${`send to ${AFILIADOS.toLocaleString('es-AR')} affiliates`.padEnd(34)} median ${seconds(sendMedian * 1000)} (${sends.map((v) => seconds(v * 1000)).join(', ')}), ${data.withEmail.toLocaleString('es-AR')} mails queued each   goal < ${GOALS.sendSeconds} s: ${verdict(sendMet)}`,
    );
  } finally {
    await agent.close();
    await server.close();
    await bare?.end();
  }
  try {
    if (kind === 'pglite') {
      // The server is gone: now the reference can open PGlite, and the API's queued mails can be counted.
      const db = await openPglite(pgliteDir(database.location));
      const client = (db.db as unknown as { $client: { query: Query } }).$client;
      const query: Query = (text, params) => client.query(text, params);
      const queued = Number(
        (await query('select count(*) as n from mail_outbox where template = $1', [MAIL.template])).rows[0]!
          .n,
      );
      const expected = SENDS * data.withEmail + data.otherWithEmail;
      if (queued !== expected)
        throw new Error(`outbox after the API's sends: ${queued} mails, expected ${expected}`);
      console.log(
        `  outbox after the API's sends: ${queued.toLocaleString('es-AR')} mails = ${SENDS} × ${data.withEmail.toLocaleString('es-AR')} + ${data.otherWithEmail.toLocaleString('es-AR')} of the warm-up, as expected`,
      );
      await reset(query, kind);
      await bareSend(query, ids.other, true);
      for (let i = 0; i < SENDS; i++) {
        const run = await bareSend(query, ids.target);
        if (run.recipientCount !== AFILIADOS || run.mails !== data.withEmail)
          throw new Error(`bare send wrote ${JSON.stringify(run)}`);
        bareSends.push(run);
        await reset(query, kind, run.id);
      }
      await db.close();
      console.log(
        `  bare PGlite, the same two statements in one transaction: ${bareSends.map((r) => seconds(r.seconds * 1000)).join(', ')}; median ${seconds(median(bareSends.map((r) => r.seconds)) * 1000)}`,
      );
    }
    console.log(`  Summary (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`);
    for (const line of summary) console.log(`    ${line}`);
  } finally {
    await database.drop();
  }
}
