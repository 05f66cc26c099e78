import {
  type Autorizacion,
  type AutorizacionAfiliado,
  type AutorizacionFila,
  type AutorizacionVigente,
  type EstadoAutorizacion,
  lugarDeLinea,
  MOTIVOS_AUDITORIA,
  type MotivoAuditoria,
  NETWORK_TIME_ZONE,
  type Resultado,
} from '@red-dental/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AutorizacionMotor } from '../prestaciones/prestaciones-motor.ts';

const ZONE = NETWORK_TIME_ZONE;

/** The state as read: an approved request past its expiry, unused, is vencida. */
const estadoLeido = sql`case when a.estado in ('aprobada','aprobada_parcial')
    and a.vence_el < (now() at time zone ${ZONE})::date then 'vencida' else a.estado end`;

/** The items of the dentist's requests with these numbers for the affiliate, as the chair weighs them. */
export async function findParaMotor(
  db: DbOrTx,
  afiliadoId: number,
  profesionalId: number,
  numeros: readonly string[],
): Promise<AutorizacionMotor[]> {
  if (numeros.length === 0) return [];
  const lista = sql`array[${sql.join(
    numeros.map((n) => sql`${n.toUpperCase()}`),
    sql`, `,
  )}]::text[]`;
  return queryRows<AutorizacionMotor>(
    db,
    sql`select a.numero, i.id as "itemId", c.codigo, i.pieza, i.caras, i.sector, ${estadoLeido} as estado,
          i.estado as item, i.linea_id is not null as consumido, a.vence_el::text as "venceEl",
          (a.decidida_at at time zone ${ZONE})::date::text as "aprobadaEl"
        from autorizaciones a
        join autorizacion_items i on i.autorizacion_id = a.id
        join codigos_prestacion c on c.id = i.codigo_id
        where a.afiliado_id = ${afiliadoId} and a.profesional_id = ${profesionalId} and a.numero = any(${lista})
        order by i.id`,
  );
}

/** The dentist's approved, unused items for the affiliate still in force today, the soonest to expire first. */
export async function findVigentes(
  db: DbOrTx,
  afiliadoId: number,
  profesionalId: number,
): Promise<AutorizacionVigente[]> {
  const rows = await queryRows<Omit<AutorizacionVigente, 'caras'> & { caras: string }>(
    db,
    sql`select a.numero, c.codigo, c.nombre, i.pieza, i.caras, i.sector, a.vence_el::text as "venceEl"
        from autorizaciones a
        join autorizacion_items i on i.autorizacion_id = a.id
        join codigos_prestacion c on c.id = i.codigo_id
        where a.afiliado_id = ${afiliadoId} and a.profesional_id = ${profesionalId}
          and a.estado in ('aprobada','aprobada_parcial') and i.estado = 'aprobado' and i.linea_id is null
          and (a.vence_el is null or a.vence_el >= (now() at time zone ${ZONE})::date)
        order by a.vence_el, i.id`,
  );
  return rows.map((r) => ({ ...r, caras: r.caras || null }));
}

/**
 * A validated line uses an approved item of an approved request in force on the date of service,
 * once; false when it cannot (another line took it, or the request was withdrawn meanwhile: the
 * request's row is locked first, as withdrawing locks it). The request is consumida when no
 * approved item is left unused.
 */
export async function consumir(tx: DbOrTx, itemId: number, lineaId: number, fecha: string): Promise<boolean> {
  const [padre] = await queryRows<{ id: number }>(
    tx,
    sql`select a.id from autorizaciones a
        where a.id = (select autorizacion_id from autorizacion_items where id = ${itemId})
          and a.estado in ('aprobada','aprobada_parcial') and a.vence_el >= ${fecha}::date
        for update`,
  );
  if (!padre) return false;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`update autorizacion_items set linea_id = ${lineaId}
        where id = ${itemId} and linea_id is null and estado = 'aprobado'
        returning id`,
  );
  if (!row) return false;
  await queryRows(
    tx,
    sql`update autorizaciones a set estado = 'consumida'
        where a.id = ${padre.id}
          and not exists (select 1 from autorizacion_items i
                          where i.autorizacion_id = a.id and i.estado = 'aprobado' and i.linea_id is null)`,
  );
  return true;
}

/**
 * An anulled line gives its authorization item back: the request is approved again (in part, if it
 * was), for a line done right.
 */
export async function liberar(tx: DbOrTx, lineaId: number) {
  await queryRows(
    tx,
    sql`with libre as (
          update autorizacion_items set linea_id = null where linea_id = ${lineaId} returning autorizacion_id)
        update autorizaciones a
        set estado = case when exists (select 1 from autorizacion_items i
                                       where i.autorizacion_id = a.id and i.estado = 'rechazado')
                          then 'aprobada_parcial' else 'aprobada' end
        where a.id in (select autorizacion_id from libre) and a.estado = 'consumida'`,
  );
}

export interface NuevaAutorizacion {
  numero: string;
  afiliadoId: number;
  profesionalId: number;
  obraSocialId: number;
  convenioId: number;
  planId: number;
  estado: 'aprobada' | 'en_revision';
  nota: string | null;
  /** Hours the contract gives an auditor to answer (for one under review). */
  plazoHoras: number;
  /** Days an approval lasts (for one approved at once). */
  vigenciaDias: number;
  userId: number;
  items: {
    codigoId: number;
    pieza: number | null;
    caras: string;
    sector: string | null;
    resultados: Resultado[];
  }[];
}

/** Writes a request and its items; false when the number is taken (the caller draws another). */
export async function insert(tx: DbOrTx, a: NuevaAutorizacion): Promise<number | undefined> {
  const aprobada = a.estado === 'aprobada';
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into autorizaciones (numero, afiliado_id, profesional_id, obra_social_id, convenio_id, plan_id,
          estado, nota, respuesta_antes, decidida_at, vence_el, created_by)
        values (${a.numero}, ${a.afiliadoId}, ${a.profesionalId}, ${a.obraSocialId}, ${a.convenioId}, ${a.planId},
          ${a.estado}, ${a.nota},
          ${aprobada ? null : sql`now() + make_interval(hours => ${a.plazoHoras})`},
          ${aprobada ? sql`now()` : null},
          ${aprobada ? sql`(now() at time zone ${ZONE})::date + ${a.vigenciaDias}::int` : null},
          ${a.userId})
        on conflict (numero) do nothing
        returning id`,
  );
  if (!row) return undefined;
  const values = a.items.map(
    (i) =>
      sql`(${row.id}, ${i.codigoId}, ${i.pieza}, ${i.caras}, ${i.sector}, ${aprobada ? 'aprobado' : 'pendiente'},
          ${JSON.stringify(i.resultados)}::jsonb)`,
  );
  await queryRows(
    tx,
    sql`insert into autorizacion_items (autorizacion_id, codigo_id, pieza, caras, sector, estado, resultados)
        values ${sql.join(values, sql`, `)}`,
  );
  return row.id;
}

interface RawAutorizacion {
  id: number;
  numero: string;
  estado: EstadoAutorizacion;
  afiliado_id: number;
  afiliado: string;
  documento: string;
  profesional_id: number;
  profesional: string;
  profesional_user_id: number | null;
  obra_social_id: number;
  obra_social: string;
  nota: string | null;
  created_at: Date | string;
  respuesta_antes: Date | string | null;
  decidida_at: Date | string | null;
  motivo: string | null;
  nota_auditor: string | null;
  vence_el: string | null;
  items: {
    id: number;
    codigo: string;
    nombre: string;
    pieza: number | null;
    caras: string;
    sector: string | null;
    estado: 'pendiente' | 'aprobado' | 'rechazado';
    consumido: boolean;
    resultados: Resultado[];
  }[];
  adjuntos: (Omit<Autorizacion['adjuntos'][number], 'subido'> & { subido: string })[] | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const columns = sql`a.id, a.numero, ${estadoLeido} as estado, a.afiliado_id, af.nombre as afiliado, af.documento,
  a.profesional_id, p.nombre as profesional, p.user_id as profesional_user_id, a.obra_social_id,
  os.nombre as obra_social, a.nota, a.created_at, a.respuesta_antes, a.decidida_at, a.motivo, a.nota_auditor,
  a.vence_el::text as vence_el,
  (select json_agg(json_build_object('id', i.id, 'codigo', c.codigo, 'nombre', c.nombre, 'pieza', i.pieza,
            'caras', i.caras, 'sector', i.sector, 'estado', i.estado, 'consumido', i.linea_id is not null,
            'resultados', i.resultados) order by i.id)
     from autorizacion_items i join codigos_prestacion c on c.id = i.codigo_id
     where i.autorizacion_id = a.id) as items,
  (select json_agg(json_build_object('id', d.id, 'tipo', d.tipo, 'nombre', d.nombre, 'mime', d.mime,
            'bytes', d.bytes, 'subido', d.created_at) order by d.id)
     from adjuntos d where d.autorizacion_id = a.id) as adjuntos`;
const joins = sql`from autorizaciones a
  join afiliados af on af.id = a.afiliado_id
  join profesionales p on p.id = a.profesional_id
  join obras_sociales os on os.id = a.obra_social_id`;

function toFila(r: RawAutorizacion, motivoTexto: (m: string | null) => string | null): AutorizacionFila {
  return {
    id: r.id,
    numero: r.numero,
    estado: r.estado,
    afiliado: { id: r.afiliado_id, nombre: r.afiliado, documento: r.documento },
    profesional: { id: r.profesional_id, nombre: r.profesional },
    obraSocial: { id: r.obra_social_id, nombre: r.obra_social },
    pedida: iso(r.created_at)!,
    respuestaAntes: r.estado === 'en_revision' || r.estado === 'observada' ? iso(r.respuesta_antes) : null,
    decidida: iso(r.decidida_at),
    motivo: r.motivo as AutorizacionFila['motivo'],
    motivoTexto: motivoTexto(r.motivo),
    venceEl: r.vence_el,
    items: (r.items ?? []).map((i) => ({
      id: i.id,
      codigo: i.codigo,
      nombre: i.nombre,
      pieza: i.pieza,
      caras: i.caras || null,
      sector: i.sector as AutorizacionFila['items'][number]['sector'],
      estado: i.estado,
      consumido: i.consumido,
      resultados: i.resultados,
    })),
    adjuntos: (r.adjuntos ?? []).map((d) => ({ ...d, subido: iso(d.subido)! })),
  };
}

/** One request with its items; the thread is read apart. */
export async function findById(db: DbOrTx, id: number, lock = false) {
  const [row] = await queryRows<RawAutorizacion>(
    db,
    sql`select ${columns} ${joins} where a.id = ${id}${lock ? sql` for update of a` : sql``}`,
  );
  return row;
}

export async function findMensajes(db: DbOrTx, autorizacionId: number): Promise<Autorizacion['mensajes']> {
  const rows = await queryRows<{
    id: number;
    de: 'prestador' | 'auditor';
    autor: string;
    texto: string;
    at: Date | string;
  }>(
    db,
    sql`select m.id, m.de, coalesce(p.nombre, u.nombre, u.email, 'Usuario eliminado') as autor, m.texto,
          m.created_at as at
        from autorizacion_mensajes m
        left join users u on u.id = m.autor_id
        left join profesionales p on p.user_id = m.autor_id
        where m.autorizacion_id = ${autorizacionId}
        order by m.id`,
  );
  return rows.map((r) => ({ ...r, at: iso(r.at)! }));
}

export async function insertMensaje(
  tx: DbOrTx,
  m: { autorizacionId: number; de: 'prestador' | 'auditor'; autorId: number; texto: string },
) {
  await queryRows(
    tx,
    sql`insert into autorizacion_mensajes (autorizacion_id, de, autor_id, texto)
        values (${m.autorizacionId}, ${m.de}, ${m.autorId}, ${m.texto})`,
  );
}

/**
 * A page of requests: one dentist's (newest first), or the auditors' queue (open ones, the clock's
 * earliest first; a state chosen: newest first).
 */
export async function findPage(
  db: DbOrTx,
  filter: {
    profesionalId?: number;
    estado?: EstadoAutorizacion;
    cola?: boolean;
    obraSocialId?: number;
    codigo?: string;
  },
  page: { limit: number; offset: number },
  motivoTexto: (m: string | null) => string | null,
) {
  const conds: SQL[] = [];
  if (filter.profesionalId !== undefined) conds.push(sql`a.profesional_id = ${filter.profesionalId}`);
  if (filter.obraSocialId !== undefined) conds.push(sql`a.obra_social_id = ${filter.obraSocialId}`);
  if (filter.codigo)
    conds.push(sql`exists (select 1 from autorizacion_items i join codigos_prestacion c on c.id = i.codigo_id
      where i.autorizacion_id = a.id and c.codigo = ${filter.codigo})`);
  if (filter.estado) conds.push(sql`${estadoLeido} = ${filter.estado}`);
  else if (filter.cola) conds.push(sql`a.estado in ('en_revision','observada')`);
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const order =
    filter.cola && !filter.estado ? sql`a.respuesta_antes, a.id` : sql`a.created_at desc, a.id desc`;
  const [rows, counts] = await Promise.all([
    queryRows<RawAutorizacion>(
      db,
      sql`select ${columns} ${joins} ${where} order by ${order} limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from autorizaciones a ${where}`),
  ]);
  return { rows: rows.map((r) => toFila(r, motivoTexto)), rowCount: Number(counts[0]?.n ?? 0) };
}

export { toFila };

/**
 * Records a decision: the request's new state, who decided and why; an approval's expiry from
 * today; the items a partial approval approves (the rest refused). Observing leaves the clock
 * running for the dentist's answer; answering gives the auditor the contract's hours again.
 */
export async function setEstado(
  tx: DbOrTx,
  id: number,
  change: {
    estado: EstadoAutorizacion;
    auditorId?: number;
    motivo?: string | null;
    nota?: string | null;
    vigenciaDias?: number;
    plazoHoras?: number;
    itemsAprobados?: readonly number[];
  },
) {
  const decidida = ['aprobada', 'aprobada_parcial', 'rechazada'].includes(change.estado);
  await queryRows(
    tx,
    sql`update autorizaciones set estado = ${change.estado}
          ${decidida ? sql`, decidida_at = now(), decidida_by = ${change.auditorId ?? null}, motivo = ${change.motivo ?? null}, nota_auditor = ${change.nota ?? null}` : sql``}
          ${change.vigenciaDias !== undefined ? sql`, vence_el = (now() at time zone ${ZONE})::date + ${change.vigenciaDias}::int` : sql``}
          ${change.plazoHoras !== undefined ? sql`, respuesta_antes = now() + make_interval(hours => ${change.plazoHoras})` : sql``}
        where id = ${id}`,
  );
  if (change.estado === 'aprobada')
    await queryRows(tx, sql`update autorizacion_items set estado = 'aprobado' where autorizacion_id = ${id}`);
  if (change.estado === 'rechazada')
    await queryRows(
      tx,
      sql`update autorizacion_items set estado = 'rechazado' where autorizacion_id = ${id}`,
    );
  if (change.estado === 'aprobada_parcial') {
    const aprobados = sql`array[${sql.join(
      (change.itemsAprobados ?? []).map((i) => sql`${i}`),
      sql`, `,
    )}]::int[]`;
    await queryRows(
      tx,
      sql`update autorizacion_items set estado = case when id = any(${aprobados}) then 'aprobado' else 'rechazado' end
          where autorizacion_id = ${id}`,
    );
  }
}

export async function insertDecision(
  tx: DbOrTx,
  d: {
    autorizacionId: number;
    decision: string;
    antes: string;
    despues: string;
    motivo: string | null;
    nota: string | null;
    auditorId: number;
  },
) {
  await queryRows(
    tx,
    sql`insert into decisiones (autorizacion_id, decision, estado_antes, estado_despues, motivo, nota, auditor_id, a_tiempo)
        select ${d.autorizacionId}, ${d.decision}, ${d.antes}, ${d.despues}, ${d.motivo}, ${d.nota}, ${d.auditorId},
          coalesce(now() <= a.respuesta_antes, true)
        from autorizaciones a where a.id = ${d.autorizacionId}`,
  );
}

/** The e-mail of the account behind a dentist (each change of her request is mailed there). */
export async function findEmailProfesional(db: DbOrTx, profesionalId: number) {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select u.email from profesionales p join users u on u.id = p.user_id where p.id = ${profesionalId}`,
  );
  return row?.email;
}

/** The contract's hours to answer and days an approval lasts, for a request. */
export async function findPlazos(db: DbOrTx, autorizacionId: number) {
  const [row] = await queryRows<{ plazoHoras: number; vigenciaDias: number }>(
    db,
    sql`select c.plazo_autorizacion_horas as "plazoHoras", c.vigencia_autorizacion_dias as "vigenciaDias"
        from autorizaciones a join convenios c on c.id = a.convenio_id where a.id = ${autorizacionId}`,
  );
  return row!;
}

export async function insertAdjunto(
  tx: DbOrTx,
  a: {
    autorizacionId: number;
    tipo: string;
    nombre: string;
    mime: string;
    bytes: number;
    sha256: string;
    storageKey: string;
    userId: number;
  },
) {
  await queryRows(
    tx,
    sql`insert into adjuntos (autorizacion_id, tipo, nombre, mime, bytes, sha256, storage_key, subido_by)
        values (${a.autorizacionId}, ${a.tipo}, ${a.nombre}, ${a.mime}, ${a.bytes}, ${a.sha256}, ${a.storageKey},
          ${a.userId})`,
  );
}

export async function findAdjunto(db: DbOrTx, autorizacionId: number, adjuntoId: number) {
  const [row] = await queryRows<{ tipo: string; nombre: string; mime: string; storage_key: string }>(
    db,
    sql`select tipo, nombre, mime, storage_key from adjuntos
        where id = ${adjuntoId} and autorizacion_id = ${autorizacionId}`,
  );
  return row;
}

/** The affiliate's requests, newest first, as 'Mis prestaciones' shows them (the last fifty). */
export async function findParaAfiliado(db: DbOrTx, afiliadoId: number): Promise<AutorizacionAfiliado[]> {
  const rows = await queryRows<{
    numero: string;
    estado: EstadoAutorizacion;
    prestador: string;
    pedida: Date | string;
    respuesta_antes: Date | string | null;
    vence_el: string | null;
    motivo: string | null;
    items: {
      codigo: string;
      nombre: string;
      pieza: number | null;
      caras: string;
      sector: string | null;
      estado: string;
    }[];
    adjuntos: AutorizacionAfiliado['adjuntos'] | null;
  }>(
    db,
    sql`select a.numero, ${estadoLeido} as estado, p.nombre as prestador, a.created_at as pedida, a.respuesta_antes,
          a.vence_el::text as vence_el, a.motivo,
          (select json_agg(json_build_object('codigo', c.codigo, 'nombre', c.nombre, 'pieza', i.pieza,
                    'caras', i.caras, 'sector', i.sector, 'estado', i.estado) order by i.id)
             from autorizacion_items i join codigos_prestacion c on c.id = i.codigo_id
             where i.autorizacion_id = a.id) as items,
          (select json_agg(json_build_object('id', d.id, 'tipo', d.tipo, 'nombre', d.nombre, 'mime', d.mime)
                    order by d.id)
             from adjuntos d where d.autorizacion_id = a.id) as adjuntos
        from autorizaciones a join profesionales p on p.id = a.profesional_id
        where a.afiliado_id = ${afiliadoId}
        order by a.created_at desc, a.id desc
        limit 50`,
  );
  return rows.map((r) => ({
    numero: r.numero,
    estado: r.estado,
    prestador: r.prestador,
    pedida: iso(r.pedida)!,
    respuestaAntes: r.estado === 'en_revision' || r.estado === 'observada' ? iso(r.respuesta_antes) : null,
    venceEl: r.vence_el,
    items: (r.items ?? []).map(
      (i) =>
        `${i.nombre} (${i.codigo}), ${lugarDeLinea({ ...i, caras: i.caras || null })}${i.estado === 'rechazado' ? ': no aprobada' : ''}`,
    ),
    motivoTexto: r.motivo === null ? null : (MOTIVOS_AUDITORIA[r.motivo as MotivoAuditoria] ?? r.motivo),
    adjuntos: r.adjuntos ?? [],
  }));
}

/** A file of one of the affiliate's requests (by its number), for the affiliate to open. */
export async function findAdjuntoDeAfiliado(
  db: DbOrTx,
  q: { afiliadoId: number; numero: string; adjuntoId: number },
) {
  const [row] = await queryRows<{ tipo: string; nombre: string; mime: string; storage_key: string }>(
    db,
    sql`select d.tipo, d.nombre, d.mime, d.storage_key from adjuntos d
        join autorizaciones a on a.id = d.autorizacion_id
        where d.id = ${q.adjuntoId} and a.numero = ${q.numero.toUpperCase()} and a.afiliado_id = ${q.afiliadoId}`,
  );
  return row;
}

/**
 * The dashboard's figures: requests waiting for an auditor and the one waiting longest; over the last
 * 90 days, the auditors' answers and how many came before the promise, and the requests the rules
 * approved at once.
 */
export async function tablero(db: DbOrTx) {
  const [row] = await queryRows<{
    abiertas: number;
    numero: string | null;
    pedida: Date | string | null;
    respuesta_antes: Date | string | null;
    respuestas: number;
    a_tiempo: number;
    por_regla: number;
  }>(
    db,
    sql`select
          (select count(*)::int from autorizaciones where estado in ('en_revision','observada')) as abiertas,
          v.numero, v.created_at as pedida, v.respuesta_antes,
          (select count(*)::int from decisiones where created_at >= now() - interval '90 days') as respuestas,
          (select count(*)::int from decisiones where created_at >= now() - interval '90 days' and a_tiempo) as a_tiempo,
          (select count(*)::int from autorizaciones
            where created_at >= now() - interval '90 days' and decidida_by is null and decidida_at is not null) as por_regla
        from (select 1) one
        left join lateral (select numero, created_at, respuesta_antes from autorizaciones
                           where estado = 'en_revision' order by created_at, id limit 1) v on true`,
  );
  return {
    abiertas: row?.abiertas ?? 0,
    masAntigua:
      row?.numero && row.pedida && row.respuesta_antes
        ? { numero: row.numero, pedida: iso(row.pedida)!, respuestaAntes: iso(row.respuesta_antes)! }
        : null,
    respuestas: row?.respuestas ?? 0,
    aTiempo: row?.a_tiempo ?? 0,
    porRegla: row?.por_regla ?? 0,
  };
}
