import { formatImporte, networkClock, periodoSiguiente, type Simulacion } from '@red-dental/contracts';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { FormData, request } from 'undici';
import { codigoValidacionSql } from '../src/modules/cierre/cierre.factories.ts';
import { erroresClaimR4 } from '../src/modules/cierre/fhir-r4.factories.ts';
import { envNumber } from './lib/config.ts';
import { BENCH_ADMIN, createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { seedChair } from './lib/prestaciones-seed.ts';
import { seconds, verdict } from './lib/report.ts';
import { copyAfiliados } from './lib/seed.ts';
import { login, rssMb, startBenchServer } from './lib/server.ts';

const LINEAS = envNumber('BENCH_CIERRE_LINEAS', 100_000);
const DENTISTAS = envNumber('BENCH_CIERRE_DENTISTAS', 2_000);
const EXPORT_LINEAS = envNumber('BENCH_CIERRE_EXPORT_LINEAS', 1_000_000);
const ASEGURADORAS = 5;
const GOALS = { cierreS: 30, cierreRssMb: 100, exportRatio: 2 };

/** The month before today's: the one the benchmark closes. */
function mesCerrado() {
  const [y, m] = networkClock(new Date()).date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/**
 * A month of the network as the chair leaves it: one visit of two lines per
 * affiliate of five insurers, dated across the month, each line clean (codes
 * of the whole mouth whose rules set no limit), with the fee and copay the
 * rules give; 2,000 dentists.
 */
async function seedMes(client: pg.Client, periodo: string, lineas: number) {
  await client.query(
    `create temp table codigos_limpios as
     select c.id, row_number() over (order by c.id) as n, ar.importe,
       coalesce(r.coseguro_importe, 0) as coseguro
     from codigos_prestacion c
     join reglas r on r.codigo_id = c.id and r.plan_id = (select min(id) from planes)
     join aranceles ar on ar.codigo_id = c.id and ar.convenio_id = (select min(id) from convenios)
     where c.area = 'boca' and r.frecuencia is null and r.tope_mensual is null
       and c.capitulo not in ('03','06','07','09') and right(c.codigo, 2)::int > 3`,
  );
  await client.query(
    `insert into atenciones (codigo_validacion, afiliado_id, profesional_id, obra_social_id, convenio_id, plan_id, fecha)
     select ${codigoValidacionSql('(50000000 + a.id)')}, a.id,
       (select min(id) from profesionales) + (a.id * 7919) % $2, a.obra_social_id, cv.id, a.plan_id,
       ($3 || '-01')::date + (a.id % 28)
     from (select id, obra_social_id, plan_id from afiliados
           where plan_id is not null and obra_social_id in (select id from obras_sociales order by id limit $4)
           order by id limit $1) a
     join convenios cv on cv.obra_social_id = a.obra_social_id`,
    [Math.ceil(lineas / 2), DENTISTAS, periodo, ASEGURADORAS],
  );
  await client.query(
    `insert into lineas (atencion_id, afiliado_id, profesional_id, codigo_id, fecha, periodo, caras,
       importe, coseguro, cargo_os, resultados)
     select at.id, at.afiliado_id, at.profesional_id, c.id, at.fecha, to_char(at.fecha, 'YYYY-MM'), '',
       c.importe, c.coseguro, c.importe - c.coseguro, '[{"codigo":null,"nivel":"ok","mensaje":"Cubierta"}]'::jsonb
     from atenciones at cross join generate_series(0, 1) k
     join codigos_limpios c on c.n = 1 + (at.id * 2 + k) % (select count(*) from codigos_limpios)
     where at.fecha >= ($1 || '-01')::date`,
    [periodo],
  );
  await client.query('vacuum analyze');
  await client.query('checkpoint');
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from lineas where estado = 'validada'`,
  );
  return rows[0]!.n;
}

/**
 * A lot of `n` lines for the export's measure: a closed month of its own with
 * one settlement and one lot, written straight as the closing would leave them.
 */
async function seedLote(client: pg.Client, periodo: string, n: number): Promise<number> {
  await client.query(
    `insert into periodos (periodo, fecha_cierre, semilla, muestra) values ($1, now(), 1, '{}')`,
    [periodo],
  );
  await client.query(
    `insert into liquidaciones (periodo, profesional_id, lineas, bruto, coseguros, debitos, neto, emitida_el)
     select $1, min(id), 0, 0, 0, 0, 0, now() from profesionales`,
    [periodo],
  );
  const { rows } = await client.query<{ id: number }>(
    `insert into lotes (periodo, convenio_id, obra_social_id, numero_factura, lineas, total, presentar_antes)
     select $1, cv.id, cv.obra_social_id, '0002-' || lpad('1', 8, '0'), $2, 0, now()
     from convenios cv order by id limit 1 returning id`,
    [periodo, n],
  );
  const lote = rows[0]!.id;
  // Its own visits and lines, two lines a visit across the affiliates, as many as asked.
  const { rows: hasta } = await client.query<{ id: number }>(
    'select coalesce(max(id), 0)::int as id from atenciones',
  );
  await client.query(
    `insert into atenciones (codigo_validacion, afiliado_id, profesional_id, obra_social_id, convenio_id, plan_id, fecha)
     select ${codigoValidacionSql('(70000000 + i)')}, a.id, (select min(id) from profesionales) + i % $2,
       a.obra_social_id, cv.id, a.plan_id, ($3 || '-01')::date + (i % 28)
     from generate_series(1, $1::int) i
     join afiliados a on a.id = (select min(id) from afiliados) + i % (select count(*) from afiliados)
     join convenios cv on cv.obra_social_id = a.obra_social_id
     where a.plan_id is not null`,
    [Math.ceil(n / 2), DENTISTAS, periodo],
  );
  await client.query(
    `insert into lineas (atencion_id, afiliado_id, profesional_id, codigo_id, fecha, periodo, caras,
       importe, coseguro, cargo_os, resultados, estado, cierre, importe_aprobado)
     select at.id, at.afiliado_id, at.profesional_id, c.id, at.fecha, to_char(at.fecha, 'YYYY-MM'), '',
       c.importe, c.coseguro, c.importe - c.coseguro, '[]'::jsonb, 'facturada', $1, c.importe - c.coseguro
     from atenciones at cross join generate_series(0, 1) k
     join codigos_limpios c on c.n = 1 + (at.id * 2 + k) % (select count(*) from codigos_limpios)
     where at.id > $3
     order by at.id limit $2`,
    [periodo, n, hasta[0]!.id],
  );
  await client.query(
    `insert into liquidacion_items (liquidacion_id, linea_id, tipo, importe, coseguro, debito, neto, lote_id)
     select (select id from liquidaciones where periodo = $1), l.id, 'prestacion', l.importe, l.coseguro, 0, l.cargo_os, $2
     from lineas l where l.cierre = $1`,
    [periodo, lote],
  );
  await client.query('vacuum analyze');
  const { rows: count } = await client.query<{ n: number }>(
    'select count(*)::int as n from liquidacion_items where lote_id = $1',
    [lote],
  );
  if (count[0]!.n !== n) throw new Error(`the lot holds ${count[0]!.n} lines, not ${n}`);
  return lote;
}

/** A database of the network with the month's lines to close. */
async function sembrar(url: string, periodo: string) {
  const database = await createBenchDatabase('postgres', url);
  const client = new pg.Client({ connectionString: database.location });
  await copyAfiliados(database.location, Math.ceil(LINEAS / 2) * 2);
  await seedChair(database.location, { dentists: DENTISTAS, months: 0, perMonth: 0 });
  await client.connect();
  return { database, client, lineas: await seedMes(client, periodo, LINEAS) };
}

/** The closing through the API, timed, with the server's RSS growth at its peak. */
async function cerrar(server: Awaited<ReturnType<typeof startBenchServer>>, periodo: string) {
  const admin = await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const before = rssMb(server.pid);
  const sampler = server.sampleRss();
  const t0 = performance.now();
  const res = await request(`${server.url}/api/periodos/${periodo}/cierre`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ muestra: { porcentaje: 5, desde: null, desvio: 2 } }),
    bodyTimeout: 600_000,
    headersTimeout: 600_000,
  });
  const body = (await res.body.json()) as Record<string, unknown>;
  return { admin, status: res.statusCode, body, ms: performance.now() - t0, growth: sampler.stop() - before };
}

/** Each closed month's money, from its settlements' items and its lots, to check that every centavo is accounted for. */
async function cuentasPorPeriodo(client: pg.Client) {
  const { rows } = await client.query<{
    periodo: string;
    neto: string;
    retenido: string;
    lotes: string;
    trasladado: string;
    importe: string;
    partes: string;
  }>(
    `select p.periodo,
       coalesce((select sum(neto) from liquidaciones q where q.periodo = p.periodo), 0) as neto,
       coalesce((select sum(i.debito) from liquidacion_items i join liquidaciones q on q.id = i.liquidacion_id
                 where q.periodo = p.periodo and i.tipo = 'extrapolacion'), 0) as retenido,
       coalesce((select sum(total) from lotes lo where lo.periodo = p.periodo), 0) as lotes,
       coalesce((select sum(i.debito) from liquidacion_items i join liquidaciones q on q.id = i.liquidacion_id
                 where q.periodo = p.periodo and i.tipo = 'debito_os'), 0) as trasladado,
       coalesce((select sum(i.importe) from liquidacion_items i join liquidaciones q on q.id = i.liquidacion_id
                 where q.periodo = p.periodo), 0) as importe,
       coalesce((select sum(i.coseguro + i.debito + i.neto) from liquidacion_items i
                 join liquidaciones q on q.id = i.liquidacion_id where q.periodo = p.periodo), 0) as partes
     from periodos p order by p.periodo`,
  );
  return rows.map((r) => ({
    periodo: r.periodo,
    neto: Number(r.neto),
    retenido: Number(r.retenido),
    lotes: Number(r.lotes),
    trasladado: Number(r.trasladado),
    importe: Number(r.importe),
    partes: Number(r.partes),
  }));
}

/** Waits until every settlement's statement is published: how long it took after the closing answered. */
async function publicados(client: pg.Client) {
  const t0 = performance.now();
  for (;;) {
    const { rows } = await client.query<{ pendientes: number; publicadas: number }>(
      `select count(*) filter (where publicada_at is null)::int as pendientes,
         count(*) filter (where publicada_at is not null)::int as publicadas from liquidaciones`,
    );
    if (rows[0]!.pendientes === 0) return { publicadas: rows[0]!.publicadas, ms: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Simulates every fee of the first contract up 10 % from the month the benchmark closed. */
async function simularAranceles(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  admin: string,
  client: pg.Client,
) {
  const { rows } = await client.query<{ convenio: number; codigo: string; importe: number }>(
    `select a.convenio_id as convenio, c.codigo, a.importe from aranceles a join codigos_prestacion c on c.id = a.codigo_id
     where a.convenio_id = (select min(id) from convenios) and a.vigente_hasta is null and a.importe is not null`,
  );
  const mes = mesCerrado();
  const desde = `01/${mes.slice(5, 7)}/${mes.slice(0, 4)}`;
  const pesos = (centavos: number) => (Math.round(centavos * 1.1) / 100).toFixed(2).replace('.', ',');
  const csv = [
    'codigo;importe;vigente_desde;vigente_hasta',
    ...rows.map((r) => `${r.codigo};${pesos(r.importe)};${desde};`),
  ].join('\r\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'aranceles.csv');
  const before = rssMb(server.pid);
  const sampler = server.sampleRss();
  const t0 = performance.now();
  const res = await request(
    `${server.url}/api/convenios/${rows[0]!.convenio}/aranceles/import?simular=true`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
      bodyTimeout: 600_000,
      headersTimeout: 600_000,
    },
  );
  const body = (await res.body.json()) as { simulacion?: Simulacion };
  const ms = performance.now() - t0;
  const growth = sampler.stop() - before;
  const s = body.simulacion;
  const cubiertas = (lado: 'antes' | 'despues') =>
    formatImporte((s?.filas ?? []).filter((f) => f.codigo === null).reduce((t, f) => t + f[lado].importe, 0));
  return {
    status: res.statusCode,
    ms,
    growth,
    lineas: s?.lineas ?? 0,
    cambian: s?.cambian ?? 0,
    antes: cubiertas('antes'),
    despues: cubiertas('despues'),
  };
}

/** A heap small enough that garbage cannot pile up: what the closing really holds at once. */
const HEAP_MB = 128;

export async function runCierreBenchmark() {
  const url = await postgresUrl();
  const periodo = mesCerrado();
  console.log(
    `\nCierre: closing ${periodo} with ${LINEAS.toLocaleString('es-AR')} lines of ${DENTISTAS.toLocaleString('es-AR')} dentists and ${ASEGURADORAS} insurers; a lot's detail of ${EXPORT_LINEAS.toLocaleString('es-AR')} lines as CSV; a FHIR Bundle of a lot checked against R4 (PostgreSQL)`,
  );
  if (!url) {
    console.log('  (no PostgreSQL reachable: not measured)');
    return true;
  }
  const started = performance.now();
  const { database, client, lineas } = await sembrar(url, periodo);
  console.log(
    `    seeded ${lineas.toLocaleString('es-AR')} validated lines in ${seconds(performance.now() - started, 0)}`,
  );
  const server = await startBenchServer(database.serverEnv);
  let met = true;
  try {
    // The reference: the same lines' plain aggregate written with one INSERT … SELECT.
    const ref0 = performance.now();
    await client.query(
      `create table cierre_referencia as
       select profesional_id, count(*) as lineas, sum(importe) as bruto, sum(coseguro) as coseguros, sum(cargo_os) as neto
       from lineas where estado = 'validada' and periodo = $1 group by profesional_id`,
      [periodo],
    );
    const referencia = performance.now() - ref0;
    const c = await cerrar(server, periodo);
    const admin = c.admin;
    const { rows: hechos } = await client.query<{ liquidaciones: number; lotes: number; alarmas: number }>(
      `select (select count(*) from liquidaciones)::int as liquidaciones, (select count(*) from lotes)::int as lotes,
         (select count(*) from alarmas_cierre)::int as alarmas`,
    );
    const cierreMet = c.status === 200 && c.ms <= GOALS.cierreS * 1000 && c.growth < GOALS.cierreRssMb;
    met &&= c.status === 200 && c.ms <= GOALS.cierreS * 1000;
    console.log(
      `    POST /api/periodos/${periodo}/cierre: ${c.status} in ${seconds(c.ms)}; ${JSON.stringify(c.body.lineas)}; ${hechos[0]!.liquidaciones} settlements, ${hechos[0]!.lotes} lots, ${hechos[0]!.alarmas} alarms`,
    );
    console.log(
      `      server RSS +${c.growth.toFixed(0)} MB at the peak; ${(c.ms / referencia).toFixed(0)}× the same lines' INSERT … SELECT aggregate (${seconds(referencia)}); goal ≤ ${GOALS.cierreS} s and < ${GOALS.cierreRssMb} MB: ${verdict(cierreMet)}`,
    );
    // Every centavo of every month closed: the dentists' net and what the network kept by extrapolating
    // is what the lots billed less the insurers' débitos passed on, and every fee is copay, débito or net.
    const cuentas = await cuentasPorPeriodo(client);
    const cuadran = cuentas.every(
      (m) => m.neto + m.retenido === m.lotes - m.trasladado && m.importe === m.partes,
    );
    met &&= cuadran;
    for (const m of cuentas)
      console.log(
        `    ${m.periodo}: net ${formatImporte(m.neto)} + kept ${formatImporte(m.retenido)} = lots ${formatImporte(m.lotes)} − passed on ${formatImporte(m.trasladado)}; fees ${formatImporte(m.importe)} = copay + débito + net ${formatImporte(m.partes)}: ${verdict(m.neto + m.retenido === m.lotes - m.trasladado && m.importe === m.partes)}`,
      );

    // The statements the closing publishes behind it: every settlement's PDF, through the notifications.
    const pub = await publicados(client);
    console.log(
      `    statements published after the closing: ${pub.publicadas.toLocaleString('es-AR')} PDFs in ${seconds(pub.ms)} (${(pub.ms / Math.max(pub.publicadas, 1)).toFixed(0)} ms each), the closing's answer not held up by them`,
    );

    // A draft of fees simulated on the last three months: the contract's fees up 10 %.
    const sim = await simularAranceles(server, admin, client);
    console.log(
      `    POST /api/convenios/{id}/aranceles/import?simular=true (every fee of a contract up 10 %): ${sim.status} in ${seconds(sim.ms)}; ${sim.lineas.toLocaleString('es-AR')} lines judged twice, ${sim.cambian.toLocaleString('es-AR')} would change; insurer's share ${sim.antes} → ${sim.despues}; server RSS +${sim.growth.toFixed(0)} MB`,
    );
    met &&= sim.status === 200 && sim.cambian > 0;

    // The FHIR Bundle of the smallest lot, each Claim checked against HL7's R4 schema.
    const { rows: lotes } = await client.query<{ id: number; lineas: number }>(
      'select id, lineas from lotes where periodo = $1 order by lineas limit 1',
      [periodo],
    );
    const f0 = performance.now();
    const fhir = await request(`${server.url}/api/lotes/${lotes[0]!.id}/export?formato=fhir`, {
      headers: { authorization: `Bearer ${admin}` },
      bodyTimeout: 600_000,
    });
    const bundle = (await fhir.body.json()) as { entry: { resource: { item: unknown[] } }[] };
    const fhirMs = performance.now() - f0;
    const items = bundle.entry.reduce((s, e) => s + e.resource.item.length, 0);
    const errores = bundle.entry.flatMap((e) => erroresClaimR4(e.resource));
    met &&= errores.length === 0;
    console.log(
      `    FHIR Bundle of a lot: ${bundle.entry.length.toLocaleString('es-AR')} Claims, ${items.toLocaleString('es-AR')} lines in ${seconds(fhirMs)}; ${errores.length === 0 ? 'every Claim valid against R4' : `${errores.length} errors: ${errores.slice(0, 3).join('; ')}`}`,
    );

    // A lot's detail of a million lines, beside COPY of the same rows.
    const exportPeriodo = periodoSiguiente(periodo);
    const s0 = performance.now();
    const lote = await seedLote(client, exportPeriodo, EXPORT_LINEAS);
    console.log(
      `    seeded a lot of ${EXPORT_LINEAS.toLocaleString('es-AR')} lines in ${seconds(performance.now() - s0, 0)}`,
    );
    const exportBefore = rssMb(server.pid);
    const exportSampler = server.sampleRss();
    const e0 = performance.now();
    const csv = await request(`${server.url}/api/lotes/${lote}/export?formato=csv&separador=;`, {
      headers: { authorization: `Bearer ${admin}` },
      bodyTimeout: 600_000,
    });
    let bytes = 0;
    for await (const chunk of csv.body) bytes += (chunk as Buffer).length;
    const exportMs = performance.now() - e0;
    const exportGrowth = exportSampler.stop() - exportBefore;
    const c0 = performance.now();
    const copy = client.query(
      copyTo(
        `copy (select i.id, l.id, at.codigo_validacion, l.fecha, a.numero_afiliado, a.documento, a.nombre, pl.codigo,
                 c.codigo, c.nombre, l.pieza, l.caras, p.nombre, p.matricula, i.tipo, l.importe, l.coseguro, i.neto
               from liquidacion_items i join lineas l on l.id = i.linea_id join atenciones at on at.id = l.atencion_id
               join afiliados a on a.id = l.afiliado_id join planes pl on pl.id = at.plan_id
               join codigos_prestacion c on c.id = l.codigo_id join profesionales p on p.id = l.profesional_id
               where i.lote_id = ${lote} order by i.id) to stdout with (format csv, delimiter ';')`,
      ),
    );
    let copyBytes = 0;
    for await (const chunk of copy) copyBytes += (chunk as Buffer).length;
    const copyMs = performance.now() - c0;
    const exportMet = csv.statusCode === 200 && exportMs <= GOALS.exportRatio * copyMs;
    met &&= exportMet;
    console.log(
      `    GET /api/lotes/{id}/export (CSV): ${(bytes / 1e6).toFixed(0)} MB in ${seconds(exportMs)}, server RSS +${exportGrowth.toFixed(0)} MB; COPY … TO STDOUT of the same rows: ${(copyBytes / 1e6).toFixed(0)} MB in ${seconds(copyMs)}; ${(exportMs / copyMs).toFixed(2)}×, goal ≤ ${GOALS.exportRatio}×: ${verdict(exportMet)}`,
    );
  } finally {
    await client.end();
    await server.close();
    await database.drop();
  }

  // The same closing again, on a server whose heap is capped: it completes, and its growth is
  // what the closing holds, not the garbage a roomy heap lets pile up before collecting it.
  const otra = await sembrar(url, periodo);
  const capped = await startBenchServer({
    ...otra.database.serverEnv,
    NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`,
  });
  try {
    const c = await cerrar(capped, periodo);
    const heldMet = c.status === 200 && c.growth < GOALS.cierreRssMb;
    met &&= heldMet;
    console.log(
      `    the same closing with the heap capped at ${HEAP_MB} MB: ${c.status} in ${seconds(c.ms)}, server RSS +${c.growth.toFixed(0)} MB at the peak; < ${GOALS.cierreRssMb} MB: ${verdict(heldMet)}`,
    );
  } finally {
    await otra.client.end();
    await capped.close();
    await otra.database.drop();
  }
  return met;
}
