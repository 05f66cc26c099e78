import { type AuditImportedBase, type AuditRecord, auditEntrySchema } from '@red-dental/contracts';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, statement } from '../../db/client.ts';

export interface Actor {
  id: number;
  email: string;
  /** The client's address as the server trusted it. */
  address: string;
}

/** An entry: what the contract says each action records (`auditEntrySchema`), and whom it is about. */
export type AuditEntry = AuditRecord & {
  entityId?: string | number | null;
  /** The affiliate's document, when the entry is about one affiliate (found or not). */
  documento?: string | null;
  /** The affiliates the entry is about: the one checked or opened, or those a search showed. */
  afiliadoIds?: readonly number[];
};

/**
 * The details as JSON, once checked against the contract: a field the
 * contract does not know, or of another type, fails the write it belongs to
 * instead of leaving the log a row its readers cannot say.
 */
function detailsJson(entry: AuditRecord): string | null {
  auditEntrySchema.parse({ action: entry.action, entity: entry.entity, details: entry.details });
  return entry.details == null ? null : JSON.stringify(entry.details);
}

/**
 * Records who did what from where; call it inside a write's transaction so
 * both land or neither does. The actor's name and role are copied as they are
 * now, in the same statement: the row keeps saying who it was after the
 * account changes or goes.
 */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry) {
  await insert(db, { id: actor.id, label: actor.email, address: actor.address }, entry);
}

/** The actor of what a reminder's link did: no session signs it, only the link mailed to the account. */
export const REMINDER_LINK_ACTOR = 'enlace de recordatorio';

/**
 * Records what a reminder's link did (decision 066) in the name of the
 * account it was mailed to: the row's actor is that account (its name and
 * role copied as `recordAudit` does), labelled as the link rather than by the
 * e-mail, since no one signed in.
 */
export async function recordLinkAudit(
  db: DbOrTx,
  owner: { userId: number; address: string },
  entry: AuditEntry,
) {
  await insert(db, { id: owner.userId, label: REMINDER_LINK_ACTOR, address: owner.address }, entry);
}

async function insert(db: DbOrTx, actor: { id: number; label: string; address: string }, entry: AuditEntry) {
  await insertAudit(db, {
    actorId: actor.id,
    actorLabel: actor.label,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: detailsJson(entry),
    documento: entry.documento ?? null,
    afiliadoIds: entry.afiliadoIds?.length ? `{${entry.afiliadoIds.join(',')}}` : null,
    address: actor.address,
  });
}

/** The actor's name now: the professional's, or the account's. */
const actorNombre = (id: SQL | Placeholder | number) =>
  sql`(select coalesce(p.nombre, u.nombre) from users u left join profesionales p on p.user_id = u.id
      where u.id = ${id})`;
/** 'Profesional' for a professional of the network, else the account's role names now. */
const actorRol = (id: SQL | Placeholder | number) =>
  sql`case when exists (select 1 from profesionales p where p.user_id = ${id}) then 'Profesional'
      else (select string_agg(r.name, ', ' order by r.name) from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = ${id}) end`;

/** `recordAudit`'s insert, one text for every entry (it runs on every search), prepared once. */
const insertAudit = statement(sql`
  insert into audit_log
    (actor_user_id, actor_label, actor_nombre, actor_rol, action, entity, entity_id, details, documento, afiliado_ids, address)
  select ${sql.placeholder('actorId')}, ${sql.placeholder('actorLabel')},
    ${actorNombre(sql.placeholder('actorId'))},
    ${actorRol(sql.placeholder('actorId'))},
    ${sql.placeholder('action')}, ${sql.placeholder('entity')}, ${sql.placeholder('entityId')},
    ${sql.placeholder('details')}::jsonb, ${sql.placeholder('documento')},
    ${sql.placeholder('afiliadoIds')}::integer[], ${sql.placeholder('address')}`);

/**
 * One entry for each affiliate `afiliados` answers (a query of `afiliado_id`,
 * `documento` and `details`, a jsonb laid over `entry.details`: the
 * affiliate's document and name, and on a move the insurer they had, as
 * `auditEntrySchema` reads them), written in
 * one statement however many there are, so nothing of them passes through
 * the server's memory: what an import does to each affiliate is in that
 * affiliate's trail. Answers how many were written.
 */
export async function recordAuditEach(
  db: DbOrTx,
  actor: Actor,
  entry: { action: 'deactivate' | 'update'; entity: 'afiliado'; details: AuditImportedBase },
  afiliados: SQL,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with actor as (select ${actorNombre(actor.id)} as nombre, ${actorRol(actor.id)} as rol),
          written as (
            insert into audit_log
              (actor_user_id, actor_label, actor_nombre, actor_rol, action, entity, entity_id, details, documento,
               afiliado_ids, address)
            select ${actor.id}::int, ${actor.email}, actor.nombre, actor.rol, ${entry.action}, ${entry.entity},
              x.afiliado_id::text, ${JSON.stringify(entry.details ?? {})}::jsonb || x.details, x.documento,
              array[x.afiliado_id]::integer[], ${actor.address}
            from actor cross join (${afiliados}) x
            returning 1)
        select count(*)::int as n from written`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Records what an affiliate did that the network must account for (a
 * download of their own data): affiliates have no account, so the row names
 * them by their record and document.
 */
export async function recordAfiliadoAudit(
  db: DbOrTx,
  afiliado: { id: number; nombre: string; documento: string; address: string },
  entry: AuditRecord,
) {
  await db.execute(sql`
    insert into audit_log
      (actor_user_id, actor_label, actor_nombre, actor_rol, action, entity, entity_id, details, documento, afiliado_ids, address)
    values (null, ${`afiliado ${afiliado.documento}`}, ${afiliado.nombre}, 'Afiliado', ${entry.action}, ${entry.entity},
      ${String(afiliado.id)}, ${detailsJson(entry)}::jsonb,
      ${afiliado.documento}, ${`{${afiliado.id}}`}::integer[], ${afiliado.address})`);
}
