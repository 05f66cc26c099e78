import type { ReporteEstado } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

interface RawReporte {
  id: number;
  profesional_id: number;
  profesional_nombre: string;
  motivo: string;
  created_at: Date | string;
  afiliado_id: number | null;
  afiliado_nombre: string | null;
  afiliado_documento: string | null;
  cerrado_at: Date | string | null;
  cerrado_por: string | null;
  nota: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toRow(r: RawReporte) {
  return {
    id: r.id,
    profesional: { id: r.profesional_id, nombre: r.profesional_nombre },
    motivo: r.motivo,
    createdAt: iso(r.created_at),
    afiliado:
      r.afiliado_id !== null && r.afiliado_nombre !== null && r.afiliado_documento !== null
        ? { id: r.afiliado_id, nombre: r.afiliado_nombre, documento: r.afiliado_documento }
        : null,
    estado: (r.cerrado_at === null ? 'abierto' : 'cerrado') as ReporteEstado,
    cerradoAt: r.cerrado_at === null ? null : iso(r.cerrado_at),
    cerradoPor: r.cerrado_por,
    nota: r.nota,
  };
}

const columns = sql`r.id, r.profesional_id, p.nombre as profesional_nombre, r.motivo, r.created_at,
  a.id as afiliado_id, a.nombre as afiliado_nombre, a.documento as afiliado_documento, r.cerrado_at,
  coalesce(u.nombre, u.email) as cerrado_por, r.nota`;
const joins = sql`from profesional_reportes r
  join profesionales p on p.id = r.profesional_id
  left join afiliados a on a.id = r.afiliado_id
  left join users u on u.id = r.cerrado_por`;

/**
 * A page of the queue: open reports oldest first (the longest waiting at the
 * top), closed ones newest first; optionally one provider's.
 */
export async function findPage(
  db: DbOrTx,
  filter: { estado: ReporteEstado; profesionalId?: number },
  page: { limit: number; offset: number },
) {
  const where = sql`${filter.estado === 'abierto' ? sql`r.cerrado_at is null` : sql`r.cerrado_at is not null`}
    ${filter.profesionalId === undefined ? sql`` : sql`and r.profesional_id = ${filter.profesionalId}`}`;
  const order = filter.estado === 'abierto' ? sql`r.created_at, r.id` : sql`r.cerrado_at desc, r.id desc`;
  const [rows, counts] = await Promise.all([
    queryRows<RawReporte>(
      db,
      sql`select ${columns} ${joins} where ${where} order by ${order} limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from profesional_reportes r where ${where}`,
    ),
  ]);
  return { rows: rows.map(toRow), rowCount: Number(counts[0]?.n ?? 0) };
}

/**
 * Closes a report with staff's note, or opens it again (the note and who
 * closed it are kept until it is closed again). Answers the report's
 * provider, or undefined when there is no such report.
 */
export async function setEstado(
  db: DbOrTx,
  id: number,
  change: { estado: ReporteEstado; nota?: string; staffUserId: number },
): Promise<{ profesionalId: number } | undefined> {
  const set =
    change.estado === 'cerrado'
      ? sql`cerrado_at = coalesce(cerrado_at, now()), cerrado_por = ${change.staffUserId}, nota = ${change.nota ?? null}`
      : sql`cerrado_at = null`;
  const [row] = await queryRows<{ profesional_id: number }>(
    db,
    sql`update profesional_reportes set ${set} where id = ${id} returning profesional_id`,
  );
  return row ? { profesionalId: row.profesional_id } : undefined;
}

/** The reports an affiliate sent, newest first (the last fifty). */
export async function findOwn(db: DbOrTx, afiliadoId: number) {
  const rows = await queryRows<RawReporte>(
    db,
    sql`select ${columns} ${joins} where r.afiliado_id = ${afiliadoId} order by r.created_at desc, r.id desc limit 50`,
  );
  return rows.map(toRow);
}
