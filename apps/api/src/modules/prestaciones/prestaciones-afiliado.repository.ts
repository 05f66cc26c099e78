import {
  type ConfirmacionEstado,
  type EstadoLinea,
  lugarDeLinea,
  NETWORK_TIME_ZONE,
  type Pregunta,
  type PrestacionAfiliado,
  type Respuesta,
  type ZonaBoca,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

const ZONE = NETWORK_TIME_ZONE;

/** Every line recorded on the affiliate, newest first, with the dentist who recorded it, as the affiliate reads them. */
export async function findLineasAfiliado(db: DbOrTx, afiliadoId: number): Promise<PrestacionAfiliado[]> {
  const rows = await queryRows<{
    id: number;
    fecha: string;
    codigo: string;
    nombre: string;
    pieza: number | null;
    caras: string;
    sector: ZonaBoca | null;
    estado: EstadoLinea;
    prestador: string;
    coseguro: number;
    codigo_validacion: string;
  }>(
    db,
    sql`select l.id, l.fecha::text, c.codigo, c.nombre, l.pieza, l.caras, l.sector, l.estado, p.nombre as prestador,
          l.coseguro, at.codigo_validacion
        from lineas l
        join atenciones at on at.id = l.atencion_id
        join codigos_prestacion c on c.id = l.codigo_id
        join profesionales p on p.id = l.profesional_id
        where l.afiliado_id = ${afiliadoId}
        order by l.fecha desc, l.id desc`,
  );
  return rows.map(({ caras, codigo_validacion, ...r }) => ({
    ...r,
    caras: caras || null,
    codigoValidacion: codigo_validacion,
  }));
}

/** How far back a visit still asks the affiliate whether it happened. */
const PREGUNTA_DIAS = 60;

/** The affiliate's visits of the last 60 days with a line still standing and no answer yet, newest first. */
export async function findPreguntas(db: DbOrTx, afiliadoId: number): Promise<Pregunta[]> {
  return queryRows<Pregunta>(
    db,
    sql`select at.id as "atencionId", at.fecha::text as fecha, p.nombre as prestador,
          sum(l.coseguro)::int as coseguro
        from atenciones at
        join profesionales p on p.id = at.profesional_id
        join lineas l on l.atencion_id = at.id and l.estado <> 'anulada'
        where at.afiliado_id = ${afiliadoId}
          and at.fecha >= (now() at time zone ${ZONE})::date - ${PREGUNTA_DIAS}::int
          and not exists (select 1 from confirmaciones c where c.atencion_id = at.id)
        group by at.id, p.nombre
        order by at.fecha desc, at.id desc`,
  );
}

/**
 * Records the affiliate's answer about one of their visits still waiting for it, with the visit's
 * copay then; false when there is no such visit (not theirs, anulled, answered already, too old).
 */
export async function insertConfirmacion(
  db: DbOrTx,
  c: { afiliadoId: number; atencionId: number; atendido: boolean; cobro: number },
): Promise<{ observada: boolean } | undefined> {
  const [row] = await queryRows<{ observada: boolean }>(
    db,
    sql`insert into confirmaciones (atencion_id, afiliado_id, atendido, cobro, coseguro, observada)
        select p."atencionId", ${c.afiliadoId}, ${c.atendido}, ${c.cobro}, p.coseguro,
          not ${c.atendido} or ${c.cobro}::int > p.coseguro
        from (${sql`select at.id as "atencionId", sum(l.coseguro)::int as coseguro
                    from atenciones at join lineas l on l.atencion_id = at.id and l.estado <> 'anulada'
                    where at.id = ${c.atencionId} and at.afiliado_id = ${c.afiliadoId}
                      and at.fecha >= (now() at time zone ${ZONE})::date - ${PREGUNTA_DIAS}::int
                    group by at.id`}) p
        on conflict (atencion_id) do nothing
        returning observada`,
  );
  return row;
}

/** Whether the affiliate already answered about that visit of theirs. */
export async function hasConfirmacion(db: DbOrTx, q: { afiliadoId: number; atencionId: number }) {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from confirmaciones where atencion_id = ${q.atencionId}
          and afiliado_id = ${q.afiliadoId}) as found`,
  );
  return row?.found === true;
}

/** Every answer the affiliate gave, newest visit first, for their download. */
export async function findRespuestas(db: DbOrTx, afiliadoId: number): Promise<Respuesta[]> {
  const rows = await queryRows<Omit<Respuesta, 'respondida'> & { respondida: Date | string }>(
    db,
    sql`select c.atencion_id as "atencionId", at.fecha::text as fecha, p.nombre as prestador, c.atendido,
          c.cobro, c.coseguro, c.respondida_at as respondida
        from confirmaciones c
        join atenciones at on at.id = c.atencion_id
        join profesionales p on p.id = at.profesional_id
        where c.afiliado_id = ${afiliadoId}
        order by at.fecha desc, c.atencion_id desc`,
  );
  return rows.map((r) => ({ ...r, respondida: new Date(r.respondida).toISOString() }));
}

interface RawObservada {
  atencion_id: number;
  codigo_validacion: string;
  fecha: string;
  profesional_id: number;
  profesional: string;
  afiliado_id: number;
  afiliado: string;
  documento: string;
  lineas: { codigo: string; pieza: number | null; caras: string | null; sector: string | null }[] | null;
  atendido: boolean;
  cobro: number;
  coseguro: number;
  respondida_at: Date | string;
  revisada_at: Date | string | null;
  revisada_por: string | null;
  nota: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toObservada(r: RawObservada) {
  return {
    atencionId: r.atencion_id,
    codigoValidacion: r.codigo_validacion,
    fecha: r.fecha,
    profesional: { id: r.profesional_id, nombre: r.profesional },
    afiliado: { id: r.afiliado_id, nombre: r.afiliado, documento: r.documento },
    lineas: (r.lineas ?? []).map((l) => `${l.codigo} ${lugarDeLinea(l)}`),
    atendido: r.atendido,
    cobro: r.cobro,
    coseguro: r.coseguro,
    respondida: iso(r.respondida_at),
    estado: (r.revisada_at === null ? 'pendiente' : 'revisada') as ConfirmacionEstado,
    revision: r.revisada_at === null ? null : { at: iso(r.revisada_at), por: r.revisada_por, nota: r.nota },
  };
}

/**
 * A page of staff's queue of observed answers: pending ones oldest first (the longest waiting on
 * top), reviewed ones newest first; optionally one dentist's. Each with the visit's lines as the
 * chair recorded them.
 */
export async function findObservadas(
  db: DbOrTx,
  filter: { estado: ConfirmacionEstado; profesionalId?: number },
  page: { limit: number; offset: number },
) {
  const where = sql`c.observada and ${filter.estado === 'pendiente' ? sql`c.revisada_at is null` : sql`c.revisada_at is not null`}
    ${filter.profesionalId === undefined ? sql`` : sql`and at.profesional_id = ${filter.profesionalId}`}`;
  const order =
    filter.estado === 'pendiente'
      ? sql`c.respondida_at, c.atencion_id`
      : sql`c.revisada_at desc, c.atencion_id desc`;
  const [rows, counts] = await Promise.all([
    queryRows<RawObservada>(
      db,
      sql`select c.atencion_id, at.codigo_validacion, at.fecha::text, p.id as profesional_id,
            p.nombre as profesional, af.id as afiliado_id, af.nombre as afiliado, af.documento,
            (select json_agg(json_build_object('codigo', cp.codigo, 'pieza', l.pieza,
                              'caras', nullif(l.caras, ''), 'sector', l.sector) order by l.id)
               from lineas l join codigos_prestacion cp on cp.id = l.codigo_id
               where l.atencion_id = at.id and l.estado <> 'anulada') as lineas,
            c.atendido, c.cobro, c.coseguro, c.respondida_at, c.revisada_at,
            coalesce(u.nombre, u.email) as revisada_por, c.nota
          from confirmaciones c
          join atenciones at on at.id = c.atencion_id
          join profesionales p on p.id = at.profesional_id
          join afiliados af on af.id = c.afiliado_id
          left join users u on u.id = c.revisada_by
          where ${where}
          order by ${order}
          limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from confirmaciones c join atenciones at on at.id = c.atencion_id where ${where}`,
    ),
  ]);
  return { rows: rows.map(toObservada), rowCount: Number(counts[0]?.n ?? 0) };
}

/**
 * Marks an observed answer reviewed with what staff found, or back to pending (the note stays until
 * it is reviewed again). Answers the visit's affiliate and code, or undefined when there is no
 * observed answer about that visit.
 */
export async function setRevision(
  db: DbOrTx,
  atencionId: number,
  change: { estado: ConfirmacionEstado; nota?: string; staffUserId: number },
) {
  const set =
    change.estado === 'revisada'
      ? sql`revisada_at = coalesce(revisada_at, now()), revisada_by = ${change.staffUserId}, nota = ${change.nota ?? null}`
      : sql`revisada_at = null, revisada_by = null`;
  const [row] = await queryRows<{ afiliado_id: number; documento: string; codigo_validacion: string }>(
    db,
    sql`update confirmaciones c set ${set}
        from atenciones at, afiliados af
        where c.atencion_id = ${atencionId} and c.observada
          and at.id = c.atencion_id and af.id = c.afiliado_id
        returning c.afiliado_id, af.documento, at.codigo_validacion`,
  );
  return row
    ? { afiliadoId: row.afiliado_id, documento: row.documento, codigoValidacion: row.codigo_validacion }
    : undefined;
}

/** Observed answers still waiting for staff (the navigation's badge). */
export async function countPendientes(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from confirmaciones where observada and revisada_at is null`,
  );
  return row?.n ?? 0;
}

/**
 * Observed answers of the last twelve months per dentist, the most first (the first twenty): how
 * many, and how many still wait for staff. A dentist whose patients keep saying otherwise shows up.
 */
export async function observadasPorProfesional(db: DbOrTx) {
  return queryRows<{ profesionalId: number; nombre: string; observadas: number; pendientes: number }>(
    db,
    sql`select p.id as "profesionalId", p.nombre, count(*)::int as observadas,
          count(*) filter (where c.revisada_at is null)::int as pendientes
        from confirmaciones c
        join atenciones at on at.id = c.atencion_id
        join profesionales p on p.id = at.profesional_id
        where c.observada and c.respondida_at >= now() - interval '1 year'
        group by p.id, p.nombre
        order by observadas desc, pendientes desc, p.nombre
        limit 20`,
  );
}
