import { type AuditNombre, auditReference, auditReferences, type NamedEntity } from '@red-dental/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** Each named entity's table, read for the ids a page names: its name and what tells namesakes apart. */
const LOOKUPS: Record<NamedEntity, (ids: SQL) => SQL> = {
  afiliado: (ids) =>
    sql`select 'afiliado', id, nombre, tipo_documento, documento, null from afiliados where id = any(${ids})`,
  obra_social: (ids) =>
    sql`select 'obra_social', id, nombre, null, null, null from obras_sociales where id = any(${ids})`,
  profesional: (ids) =>
    sql`select 'profesional', id, nombre, null, null, null from profesionales where id = any(${ids})`,
  notificacion: (ids) =>
    sql`select 'notificacion', id, title, null, null, null from notificaciones where id = any(${ids})`,
  // A professional's account is named as the professional is; a staff member's by their name, else the e-mail.
  user: (ids) =>
    sql`select 'user', u.id, coalesce(p.nombre, u.nombre, u.email), null, null, u.email
        from users u left join profesionales p on p.user_id = u.id where u.id = any(${ids})`,
  rol: (ids) => sql`select 'rol', id, name, null, null, null from roles where id = any(${ids})`,
  especialidad: (ids) =>
    sql`select 'especialidad', id, nombre, null, null, null from especialidades where id = any(${ids})`,
  zona: (ids) => sql`select 'zona', id, nombre, null, null, null from zonas where id = any(${ids})`,
};

/**
 * The names, as they are now, of every record the rows name (`auditReferences`:
 * their subjects and what their details point to), keyed 'afiliado:52'. One
 * statement for a page or an export's batch, whatever its size: one lookup by
 * primary key per entity named. A record since deleted is absent.
 */
export async function findNombres(
  db: DbOrTx,
  rows: readonly Parameters<typeof auditReferences>[0][],
): Promise<Map<string, AuditNombre>> {
  const wanted = new Map<NamedEntity, Set<number>>();
  for (const row of rows)
    for (const ref of auditReferences(row)) {
      const ids = wanted.get(ref.entity) ?? new Set<number>();
      ids.add(ref.id);
      wanted.set(ref.entity, ids);
    }
  const names = new Map<string, AuditNombre>();
  if (wanted.size === 0) return names;
  const parts = [...wanted].map(([entity, ids]) =>
    LOOKUPS[entity](sql`${`{${[...ids].join(',')}}`}::integer[]`),
  );
  const found = await queryRows<{
    entity: NamedEntity;
    id: number;
    nombre: string;
    tipo_documento: string | null;
    documento: string | null;
    email: string | null;
  }>(
    db,
    // Named once, outside the union: whichever lookup comes first, its columns read alike.
    sql`select entity, id, nombre, tipo_documento, documento, email
        from (${sql.join(parts, sql` union all `)}) as n(entity, id, nombre, tipo_documento, documento, email)`,
  );
  for (const r of found) {
    const nombre: AuditNombre = { nombre: r.nombre };
    if (r.tipo_documento) nombre.tipoDocumento = r.tipo_documento;
    if (r.documento) nombre.documento = r.documento;
    if (r.email && r.email !== r.nombre) nombre.email = r.email;
    names.set(auditReference(r.entity, Number(r.id)), nombre);
  }
  return names;
}

/** The rows with the names each one's sentence uses, looked up for all of them at once. */
export async function withNombres<T extends Parameters<typeof auditReferences>[0]>(
  db: DbOrTx,
  rows: readonly T[],
): Promise<(T & { nombres: Record<string, AuditNombre> })[]> {
  const names = await findNombres(db, rows);
  return rows.map((row) => {
    const nombres: Record<string, AuditNombre> = {};
    for (const ref of auditReferences(row)) {
      const key = auditReference(ref.entity, ref.id);
      const found = names.get(key);
      if (found) nombres[key] = found;
    }
    return { ...row, nombres };
  });
}
