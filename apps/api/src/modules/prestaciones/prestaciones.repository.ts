import {
  type EstadoLinea,
  MAX_CENTAVOS,
  type Resultado,
  valorDeUnidades,
  type ZonaBoca,
} from '@red-dental/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { CodigoMotor, LineaPrevia } from './prestaciones-motor.ts';

const ZONE = 'America/Argentina/Buenos_Aires';

/** Who is at the chair, for whom, and under which contract and plan on the date of service. */
export interface Contexto {
  profesional: { id: number; nombre: string } | null;
  afiliado: {
    id: number;
    nombre: string;
    documento: string;
    fechaNacimiento: string | null;
    fechaAlta: string | null;
    fechaBaja: string | null;
    numeroAfiliado: string | null;
    obraSocial: { id: number; nombre: string } | null;
    plan: { id: number; codigo: string; nombre: string; reglasVersion: number } | null;
    atiende: boolean;
    /** The address the affiliate proved is theirs, if any (they are asked there about the visit). */
    emailProbado: string | null;
  } | null;
  convenio: {
    id: number;
    requiereToken: boolean;
    tokenBloquea: boolean;
    plazoPresentacionDias: number;
    plazoUrgenciaDias: number;
    plazoAutorizacionHoras: number;
    vigenciaAutorizacionDias: number;
  } | null;
}

interface ContextoRow {
  profesional_id: number | null;
  profesional_nombre: string | null;
  afiliado_id: number | null;
  nombre: string;
  documento: string;
  fecha_nacimiento: string | null;
  fecha_alta: string | null;
  fecha_baja: string | null;
  numero_afiliado: string | null;
  email_probado: string | null;
  os_id: number | null;
  os_nombre: string | null;
  plan_id: number | null;
  plan_codigo: string;
  plan_nombre: string;
  reglas_version: number;
  atiende: boolean;
  convenio_id: number | null;
  requiere_token: boolean;
  token_bloquea: boolean;
  plazo_presentacion_dias: number;
  plazo_urgencia_dias: number;
  plazo_autorizacion_horas: number;
  vigencia_autorizacion_dias: number;
}

/**
 * One read: the dentist of the account, the affiliate of the document with
 * their insurer and plan (and the plan's rules version, so the rules come
 * from memory), whether she takes that insurer, and the insurer's contract
 * in force on `fecha`.
 */
export async function findContexto(
  db: DbOrTx,
  q: { userId: number; documento: string; fecha: string },
): Promise<Contexto> {
  const [r] = await queryRows<ContextoRow>(
    db,
    sql`select p.id as profesional_id, p.nombre as profesional_nombre,
          a.id as afiliado_id, a.nombre, a.documento, a.fecha_nacimiento::text, a.fecha_alta::text,
          (a.baja_at at time zone ${ZONE})::date::text as fecha_baja, a.numero_afiliado,
          case when a.email_confirmado_at is not null then a.email end as email_probado,
          os.id as os_id, os.nombre as os_nombre,
          pl.id as plan_id, pl.codigo as plan_codigo, pl.nombre as plan_nombre, pl.reglas_version,
          coalesce(exists (select 1 from profesional_obras_sociales x
                           where x.profesional_id = p.id and x.obra_social_id = a.obra_social_id), false) as atiende,
          cv.id as convenio_id, cv.requiere_token, cv.token_bloquea, cv.plazo_presentacion_dias, cv.plazo_urgencia_dias,
          cv.plazo_autorizacion_horas, cv.vigencia_autorizacion_dias
        from (select 1) as one
        left join profesionales p on p.user_id = ${q.userId}
        left join afiliados a on a.documento = ${q.documento}
        left join obras_sociales os on os.id = a.obra_social_id
        left join planes pl on pl.id = a.plan_id
        left join lateral (
          select c.id, c.requiere_token, c.token_bloquea, c.plazo_presentacion_dias, c.plazo_urgencia_dias,
            c.plazo_autorizacion_horas, c.vigencia_autorizacion_dias from convenios c
          where c.obra_social_id = a.obra_social_id and c.vigente_desde <= ${q.fecha}::date
            and coalesce(c.vigente_hasta, 'infinity'::date) >= ${q.fecha}::date
          order by c.vigente_desde desc limit 1) cv on true`,
  );
  const row = r!;
  return {
    profesional:
      row.profesional_id === null ? null : { id: row.profesional_id, nombre: row.profesional_nombre! },
    afiliado:
      row.afiliado_id === null
        ? null
        : {
            id: row.afiliado_id,
            nombre: row.nombre,
            documento: row.documento,
            fechaNacimiento: row.fecha_nacimiento,
            fechaAlta: row.fecha_alta,
            fechaBaja: row.fecha_baja,
            numeroAfiliado: row.numero_afiliado,
            obraSocial: row.os_id === null ? null : { id: row.os_id, nombre: row.os_nombre! },
            plan:
              row.plan_id === null
                ? null
                : {
                    id: row.plan_id,
                    codigo: row.plan_codigo,
                    nombre: row.plan_nombre,
                    reglasVersion: Number(row.reglas_version),
                  },
            atiende: row.atiende,
            emailProbado: row.email_probado,
          },
    convenio:
      row.convenio_id === null
        ? null
        : {
            id: row.convenio_id,
            requiereToken: row.requiere_token,
            tokenBloquea: row.token_bloquea,
            plazoPresentacionDias: row.plazo_presentacion_dias,
            plazoUrgenciaDias: row.plazo_urgencia_dias,
            plazoAutorizacionHoras: row.plazo_autorizacion_horas,
            vigenciaAutorizacionDias: row.vigencia_autorizacion_dias,
          },
  };
}

/**
 * Takes the row of the affiliate of the document for the rest of the transaction: validations for
 * one affiliate run one after another on every server, so two cannot both
 * find the last unit of a limited code free. NO KEY UPDATE leaves the row
 * free to be referenced meanwhile.
 */
export async function lockAfiliado(tx: DbOrTx, documento: string) {
  await queryRows(tx, sql`select id from afiliados where documento = ${documento} for no key update`);
}

export interface LineaGuardada extends LineaPrevia {
  id: number;
  nombre: string;
}

/** What the engine reads besides the rules: the history, the codes it and the visit name, the fees. */
export interface Datos {
  historia: LineaGuardada[];
  codigos: Map<string, CodigoMotor & { id: number }>;
  aranceles: Map<string, number>;
}

/**
 * One read (after the lock, so it sees every line committed before it): the
 * affiliate's whole history across the network, every code it or the visit
 * names with its groups, and the fees of the visit's codes on the date of
 * service under the contract.
 */
export async function findDatos(
  db: DbOrTx,
  q: { afiliadoId: number; codigos: readonly string[]; convenioId: number | null; fecha: string },
): Promise<Datos> {
  const codigos = sql`array[${sql.join(
    q.codigos.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await queryRows<{
    historia: (Omit<LineaGuardada, 'caras'> & { caras: string })[];
    codigos: (CodigoMotor & { id: number })[];
    aranceles: { codigo: string; importe: number | null; unidades: number | null; valor: number | null }[];
  }>(
    db,
    sql`select
      coalesce((select json_agg(json_build_object('id', l.id, 'codigo', c.codigo, 'nombre', c.nombre, 'pieza', l.pieza,
                  'caras', l.caras, 'sector', l.sector, 'fecha', l.fecha, 'profesionalId', l.profesional_id,
                  'estado', l.estado) order by l.fecha, l.id)
                from lineas l join codigos_prestacion c on c.id = l.codigo_id
                where l.afiliado_id = ${q.afiliadoId}), '[]'::json) as historia,
      coalesce((select json_agg(json_build_object('id', c.id, 'codigo', c.codigo, 'nombre', c.nombre,
                  'capitulo', c.capitulo, 'area', c.area, 'carasMin', c.caras_min, 'carasMax', c.caras_max,
                  'denticion', c.denticion,
                  'grupos', coalesce((select json_agg(g.nombre order by g.nombre) from grupos_codigos_items i
                                      join grupos_codigos g on g.id = i.grupo_id where i.codigo_id = c.id), '[]'::json)))
                from codigos_prestacion c
                where c.codigo = any(${codigos})
                   or c.id in (select codigo_id from lineas where afiliado_id = ${q.afiliadoId})), '[]'::json) as codigos,
      coalesce((select json_agg(json_build_object('codigo', c.codigo, 'importe', a.importe, 'unidades', a.unidades,
                  'valor', cv.valor_unidad))
                from aranceles a join codigos_prestacion c on c.id = a.codigo_id join convenios cv on cv.id = a.convenio_id
                where a.convenio_id = ${q.convenioId} and c.codigo = any(${codigos})
                  and a.vigente_desde <= ${q.fecha}::date
                  and coalesce(a.vigente_hasta, 'infinity'::date) >= ${q.fecha}::date), '[]'::json) as aranceles`,
  );
  const aranceles = new Map<string, number>();
  for (const a of row!.aranceles) {
    const importe =
      a.importe ?? (a.unidades !== null && a.valor !== null ? valorDeUnidades(a.unidades, a.valor) : null);
    // Units × a unit's value past what one amount holds is no fee a line can carry (D14).
    if (importe !== null && importe <= MAX_CENTAVOS) aranceles.set(a.codigo, importe);
  }
  return {
    historia: row!.historia.map((h) => ({
      ...h,
      sector: h.sector as ZonaBoca | null,
      estado: h.estado as EstadoLinea,
    })),
    codigos: new Map(row!.codigos.map((c) => [c.codigo, c])),
    aranceles,
  };
}

export interface LineaNueva {
  codigoId: number;
  pieza: number | null;
  caras: string;
  sector: string | null;
  autorizacion: string | null;
  adjuntos: readonly string[];
  importe: number;
  coseguro: number;
  cargoOs: number;
  resultados: Resultado[];
  regularizarAntes: string | null;
}

/** Writes the visit and its lines in one statement; undefined when the validation code is taken. */
export async function insertAtencion(
  tx: DbOrTx,
  a: {
    codigoValidacion: string;
    afiliadoId: number;
    profesionalId: number;
    obraSocialId: number;
    convenioId: number;
    planId: number;
    fecha: string;
    canal: string;
    tokenProbado: boolean;
    userId: number;
  },
  lineas: readonly LineaNueva[],
): Promise<{ id: number; lineas: number[] } | undefined> {
  const values = lineas.map(
    (l, i) =>
      sql`(${i}, ${l.codigoId}::int, ${l.pieza}::smallint, ${l.caras}, ${l.sector}, ${l.autorizacion},
           ${`{${l.adjuntos.join(',')}}`}::text[], ${l.importe}::int, ${l.coseguro}::int, ${l.cargoOs}::int,
           ${JSON.stringify(l.resultados)}::jsonb, ${l.regularizarAntes}::date)`,
  );
  const rows = await queryRows<{ atencion_id: number; id: number }>(
    tx,
    sql`with a as (
          insert into atenciones (codigo_validacion, afiliado_id, profesional_id, obra_social_id, convenio_id, plan_id,
                                  fecha, canal, token_probado, created_by)
          values (${a.codigoValidacion}, ${a.afiliadoId}, ${a.profesionalId}, ${a.obraSocialId}, ${a.convenioId},
                  ${a.planId}, ${a.fecha}::date, ${a.canal}, ${a.tokenProbado}, ${a.userId})
          on conflict (codigo_validacion) do nothing
          returning id),
        v (n, codigo_id, pieza, caras, sector, autorizacion, adjuntos, importe, coseguro, cargo_os, resultados,
           regularizar_antes) as (values ${sql.join(values, sql`, `)})
        insert into lineas (atencion_id, afiliado_id, profesional_id, codigo_id, fecha, periodo, pieza, caras, sector,
                            autorizacion, adjuntos, importe, coseguro, cargo_os, resultados, regularizar_antes)
        select a.id, ${a.afiliadoId}, ${a.profesionalId}, v.codigo_id, ${a.fecha}::date,
               to_char(${a.fecha}::date, 'YYYY-MM'), v.pieza, v.caras, v.sector, v.autorizacion, v.adjuntos,
               v.importe, v.coseguro, v.cargo_os, v.resultados, v.regularizar_antes
        from a, v order by v.n
        returning atencion_id, id`,
  );
  if (rows.length === 0) return undefined;
  return { id: rows[0]!.atencion_id, lineas: rows.map((r) => r.id).sort((x, y) => x - y) };
}

export interface MiLineaRow {
  id: number;
  atencion_id: number;
  codigo_validacion: string;
  fecha: string;
  afiliado_nombre: string;
  afiliado_documento: string;
  obra_social: string | null;
  codigo: string;
  nombre: string;
  pieza: number | null;
  caras: string;
  sector: ZonaBoca | null;
  estado: EstadoLinea;
  importe: number;
  coseguro: number;
  cargo_os: number;
  regularizar_antes: string | null;
}

const MIS_LINEAS = sql`select l.id, l.atencion_id, at.codigo_validacion, l.fecha::text, af.nombre as afiliado_nombre,
    af.documento as afiliado_documento, os.nombre as obra_social, c.codigo, c.nombre, l.pieza, l.caras, l.sector,
    l.estado, l.importe, l.coseguro, l.cargo_os, l.regularizar_antes::text
  from lineas l
  join atenciones at on at.id = l.atencion_id
  join afiliados af on af.id = l.afiliado_id
  join codigos_prestacion c on c.id = l.codigo_id
  left join obras_sociales os on os.id = at.obra_social_id`;

/** A dentist's lines of a month, filtered by state and by patient or code. */
export async function findMisLineas(
  db: DbOrTx,
  q: { profesionalId: number; periodo: string; estado?: EstadoLinea; search?: string },
): Promise<MiLineaRow[]> {
  const where: SQL[] = [sql`l.profesional_id = ${q.profesionalId}`, sql`l.periodo = ${q.periodo}`];
  if (q.estado) where.push(sql`l.estado = ${q.estado}`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(af.nombre ilike ${like} or af.documento like ${like.toUpperCase()} or c.codigo like ${like}
           or c.nombre ilike ${like} or at.codigo_validacion like ${like.toUpperCase()})`,
    );
  }
  return queryRows<MiLineaRow>(
    db,
    sql`${MIS_LINEAS} where ${sql.join(where, sql` and `)} order by l.fecha desc, l.atencion_id desc, l.id`,
  );
}

/** One visit of the dentist's with its lines, for the comprobante; empty when it is not hers. */
export async function findAtencion(db: DbOrTx, q: { profesionalId: number; atencionId: number }) {
  return queryRows<
    MiLineaRow & { canal: string; profesional: string; numero_afiliado: string | null; plan: string | null }
  >(
    db,
    sql`select l.id, l.atencion_id, at.codigo_validacion, l.fecha::text, af.nombre as afiliado_nombre,
          af.documento as afiliado_documento, af.numero_afiliado, os.nombre as obra_social, pl.nombre as plan,
          c.codigo, c.nombre, l.pieza, l.caras, l.sector, l.estado, l.importe, l.coseguro, l.cargo_os,
          l.regularizar_antes::text, at.canal, p.nombre as profesional
        from atenciones at
        join lineas l on l.atencion_id = at.id
        join afiliados af on af.id = at.afiliado_id
        join profesionales p on p.id = at.profesional_id
        join codigos_prestacion c on c.id = l.codigo_id
        left join obras_sociales os on os.id = at.obra_social_id
        left join planes pl on pl.id = at.plan_id
        where at.id = ${q.atencionId} and at.profesional_id = ${q.profesionalId}
        order by l.id`,
  );
}

/** The dentist's line, locked, with what the audit log says of it. */
export async function lockMiLinea(tx: DbOrTx, q: { profesionalId: number; lineaId: number }) {
  const [row] = await queryRows<{
    id: number;
    estado: EstadoLinea;
    afiliado_id: number;
    documento: string;
    codigo: string;
    codigo_validacion: string;
  }>(
    tx,
    sql`select l.id, l.estado, l.afiliado_id, af.documento, c.codigo, at.codigo_validacion
        from lineas l join afiliados af on af.id = l.afiliado_id join codigos_prestacion c on c.id = l.codigo_id
        join atenciones at on at.id = l.atencion_id
        where l.id = ${q.lineaId} and l.profesional_id = ${q.profesionalId}
        for update of l`,
  );
  return row;
}

/** Whether the professional has any line on record (so the record must stay). */
export async function hasLineas(db: DbOrTx, profesionalId: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from lineas where profesional_id = ${profesionalId}) as found`,
  );
  return row?.found === true;
}

/** The professional profile of an account, if it has one. */
export async function findProfesionalId(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from profesionales where user_id = ${userId}`,
  );
  return row?.id;
}

export async function anular(tx: DbOrTx, lineaId: number, userId: number) {
  await queryRows(
    tx,
    sql`update lineas set estado = 'anulada', anulada_at = now(), anulada_by = ${userId} where id = ${lineaId}`,
  );
}
