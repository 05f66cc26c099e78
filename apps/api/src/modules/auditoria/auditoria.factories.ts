import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** An audit row as a test writes it; what it leaves out takes a plain default. */
export interface AuditRowInput {
  createdAt: string;
  documento?: string | null;
  actorNombre?: string | null;
  actorLabel?: string;
  actorRol?: string | null;
  action?: string;
  entity?: string;
  entityId?: string | null;
  details?: Record<string, unknown> | null;
  afiliadoIds?: number[];
  address?: string | null;
}

/** A query string of plain values, numbers as text. */
export const queryString = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** A row of the log written as the application writes it, at the instant given. */
export async function insertAuditRow(db: Db, row: AuditRowInput) {
  const ids = row.afiliadoIds ? sql`${`{${row.afiliadoIds.join(',')}}`}::integer[]` : sql`null`;
  const [inserted] = await queryRows<{ id: string }>(
    db,
    sql`insert into audit_log
          (actor_user_id, actor_label, actor_nombre, actor_rol, action, entity, entity_id, details, documento,
           afiliado_ids, address, created_at)
        values (null, ${row.actorLabel ?? 'insertado@example.com'}, ${row.actorNombre ?? 'Fila Insertada'},
          ${row.actorRol === undefined ? 'ADMINISTRATIVO' : row.actorRol}, ${row.action ?? 'read'},
          ${row.entity ?? 'afiliado'}, ${row.entityId ?? null},
          ${row.details == null ? null : JSON.stringify(row.details)}::jsonb, ${row.documento ?? null}, ${ids},
          ${row.address === undefined ? '10.0.0.1' : row.address}, ${row.createdAt}::timestamptz)
        returning id`,
  );
  return Number(inserted!.id);
}
