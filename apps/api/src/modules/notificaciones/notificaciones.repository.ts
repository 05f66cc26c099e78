import type { Readable } from 'node:stream';
import type { DestinatarioTipo, NotificacionFilters } from '@red-dental/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedRows, queryRows } from '../../db/client.ts';
import { copyCsvOut, copyMoment, copyText } from '../../db/copy-out.ts';
import { notificacionDestinatarios, notificaciones } from '../../db/schema/index.ts';

/** A recipient is one user (a professional's account) or one affiliate. */
export type Recipient = { kind: 'user'; id: number } | { kind: 'afiliado'; id: number };

const recipientColumn = (r: Recipient) =>
  r.kind === 'user' ? notificacionDestinatarios.userId : notificacionDestinatarios.afiliadoId;

const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The active affiliates a send reaches (those de baja never): those of the
 * chosen insurers, or every one when none is chosen. Selects `id` and `email`
 * (the confirmed address).
 */
function afiliadosMatching(filters: NotificacionFilters): SQL {
  const where =
    filters.obrasSociales.length > 0
      ? sql`a.obra_social_id = any(${idArray(filters.obrasSociales)})`
      : sql`true`;
  return sql`select a.id, a.email from afiliados a where a.baja_at is null and ${where}`;
}

/**
 * The approved professionals a send reaches (docs/decisions/051): any chosen
 * value of a filter, every filter that has values, plus those picked by name;
 * everyone when nothing is chosen. Selects the account's `id` and `email`.
 */
function profesionalesMatching(filters: NotificacionFilters): SQL {
  const { obrasSociales, zonas, especialidades, profesionales } = filters;
  const narrowing: SQL[] = [];
  if (obrasSociales.length > 0)
    narrowing.push(
      sql`exists (select 1 from profesional_obras_sociales x where x.profesional_id = p.id and x.obra_social_id = any(${idArray(obrasSociales)}))`,
    );
  if (zonas.length > 0) narrowing.push(sql`p.zona_id = any(${idArray(zonas)})`);
  if (especialidades.length > 0)
    narrowing.push(
      sql`exists (select 1 from profesional_especialidades x where x.profesional_id = p.id and x.especialidad_id = any(${idArray(especialidades)}))`,
    );
  const picked = profesionales.length > 0 ? sql`p.id = any(${idArray(profesionales)})` : undefined;
  const filtered = narrowing.length > 0 ? sql.join(narrowing, sql` and `) : undefined;
  const where = filtered && picked ? sql`((${filtered}) or ${picked})` : (filtered ?? picked ?? sql`true`);
  return sql`select u.id, u.email from profesionales p join users u on u.id = p.user_id and u.status = 'active' where ${where}`;
}

export function recipientsMatching(tipo: DestinatarioTipo, filters: NotificacionFilters): SQL {
  return tipo === 'afiliados' ? afiliadosMatching(filters) : profesionalesMatching(filters);
}

export async function countRecipients(
  db: DbOrTx,
  tipo: DestinatarioTipo,
  filters: NotificacionFilters,
): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (${recipientsMatching(tipo, filters)}) r`,
  );
  return Number(row?.n ?? 0);
}

/** How many of each kind of id exist, to refuse filters naming something that is gone. */
export async function countExisting(db: DbOrTx, filters: NotificacionFilters) {
  const [row] = await queryRows<
    Record<'obras' | 'zonas' | 'especialidades' | 'profesionales', number | string>
  >(
    db,
    sql`select
      (select count(*) from obras_sociales where id = any(${idArray(filters.obrasSociales)})) as obras,
      (select count(*) from zonas where id = any(${idArray(filters.zonas)})) as zonas,
      (select count(*) from especialidades where id = any(${idArray(filters.especialidades)})) as especialidades,
      (select count(*) from profesionales where id = any(${idArray(filters.profesionales)})) as profesionales`,
  );
  return {
    obrasSociales: Number(row!.obras),
    zonas: Number(row!.zonas),
    especialidades: Number(row!.especialidades),
    profesionales: Number(row!.profesionales),
  };
}

export async function insertNotificacion(
  db: DbOrTx,
  values: typeof notificaciones.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(notificaciones).values(values).returning({ id: notificaciones.id });
  return row!.id;
}

/**
 * Freezes the recipients of a notification and queues a mail once for each
 * of them with an address (the confirmed e-mail of each affiliate, or each
 * professional's account e-mail), in one statement: the recipients are
 * selected once, and both their rows and their mails are inserted from that
 * one set, so the two always agree and no join back to the new rows is
 * needed. The notification records how many recipients it has. Answers both
 * counts.
 */
export async function insertRecipientsAndMail(
  db: DbOrTx,
  notificacion: { id: number; category: string; recipientType: DestinatarioTipo },
  filters: NotificacionFilters,
  /** The outbox's insert of one mail to each address a query selects (`app.mail.toEachStatement`). */
  queueMail: (addresses: SQL) => SQL,
): Promise<{ recipientCount: number; mails: number }> {
  const column = notificacion.recipientType === 'afiliados' ? sql`afiliado_id` : sql`user_id`;
  const [row] = await queryRows<{ n: number | string; mails: number | string }>(
    db,
    sql`with matching as materialized (${recipientsMatching(notificacion.recipientType, filters)}),
    inserted as (
      insert into notificacion_destinatarios (notificacion_id, ${column}, category)
      select ${notificacion.id}, m.id, ${notificacion.category} from matching m
      returning 1
    ),
    queued as (
      ${queueMail(sql`select m.email from matching m where m.email is not null`)}
      returning 1
    )
    update notificaciones set recipient_count = (select count(*) from inserted)
    where id = ${notificacion.id}
    returning recipient_count as n, (select count(*) from queued) as mails`,
  );
  return { recipientCount: Number(row?.n ?? 0), mails: Number(row?.mails ?? 0) };
}

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

export interface NotificacionRow {
  id: number;
  title: string;
  category: string;
  createdAt: Date;
  fileKey: string;
  fileName: string;
}

export interface StaffRow extends NotificacionRow {
  recipientType: DestinatarioTipo;
  recipientCount: number;
  readCount: number;
}

/** What every list shows of a notification (the file to sign a link to included). */
const listColumns = {
  id: notificaciones.id,
  title: notificaciones.title,
  category: notificaciones.category,
  createdAt: notificaciones.createdAt,
  fileKey: notificaciones.fileKey,
  fileName: notificaciones.fileName,
};

/** Every notification staff sent (not the network's own statements), newest first, optionally of one category. */
export async function findPage(
  db: DbOrTx,
  filter: { category?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: StaffRow[]; rowCount: number }> {
  const where = and(
    eq(notificaciones.automatica, false),
    filter.category ? eq(notificaciones.category, filter.category) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...listColumns,
        recipientType: notificaciones.recipientType,
        recipientCount: notificaciones.recipientCount,
        readCount: notificaciones.readCount,
      })
      .from(notificaciones)
      .where(where)
      .orderBy(sql`${notificaciones.createdAt} desc, ${notificaciones.id} desc`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(notificaciones).where(where),
  ]);
  return { rows, rowCount: count?.n ?? 0 };
}

/** A recipient's notifications, newest first, with their read flag. */
export async function findPageOf(
  db: DbOrTx,
  recipient: Recipient,
  filter: { category?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: (NotificacionRow & { open: boolean })[]; rowCount: number }> {
  const column = recipientColumn(recipient);
  const where = and(
    eq(column, recipient.id),
    filter.category ? eq(notificacionDestinatarios.category, filter.category) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...listColumns,
        open: sql<boolean>`${notificacionDestinatarios.readAt} is not null`,
      })
      .from(notificacionDestinatarios)
      .innerJoin(notificaciones, eq(notificaciones.id, notificacionDestinatarios.notificacionId))
      .where(where)
      // Ids grow with time, so the (recipient, notification) key reads the newest first without a sort.
      .orderBy(sql`${notificacionDestinatarios.notificacionId} desc`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(notificacionDestinatarios).where(where),
  ]);
  return { rows, rowCount: count?.n ?? 0 };
}

/** The recipients of one notification with their read date, readers first, then by name (staff). */
export async function findRecipientsPage(
  db: DbOrTx,
  notificacionId: number,
  page: { limit: number; offset: number },
) {
  const [rows, [count]] = await Promise.all([
    queryRows<{ tipo: DestinatarioTipo; nombre: string; detalle: string; read_at: Date | string | null }>(
      db,
      sql`select 'afiliados' as tipo, a.nombre, a.documento as detalle, d.read_at
        from notificacion_destinatarios d join afiliados a on a.id = d.afiliado_id
        where d.notificacion_id = ${notificacionId}
        union all
        select 'profesionales', coalesce(p.nombre, u.email), u.email, d.read_at
        from notificacion_destinatarios d join users u on u.id = d.user_id
        left join profesionales p on p.user_id = u.id
        where d.notificacion_id = ${notificacionId}
        order by read_at desc nulls last, 2, 3
        limit ${page.limit} offset ${page.offset}`,
    ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificacionDestinatarios)
      .where(eq(notificacionDestinatarios.notificacionId, notificacionId)),
  ]);
  return { rows, rowCount: count?.n ?? 0 };
}

/**
 * Whether `reader` may open the file `fileKey`: it belongs to a notification
 * that still exists, and the reader is staff or one of its recipients.
 */
export async function canOpenFile(
  db: DbOrTx,
  fileKey: string,
  reader: { kind: 'staff' } | Recipient,
): Promise<boolean> {
  const recipientOf =
    reader.kind === 'staff'
      ? sql`true`
      : sql`exists (select 1 from notificacion_destinatarios d
          where d.notificacion_id = n.id and ${reader.kind === 'user' ? sql`d.user_id` : sql`d.afiliado_id`} = ${reader.id})`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select n.id from notificaciones n where n.file_key = ${fileKey} and ${recipientOf}`,
  );
  return rows.length > 0;
}

export async function exists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: notificaciones.id })
    .from(notificaciones)
    .where(eq(notificaciones.id, id));
  return rows.length > 0;
}

// ---------------------------------------------------------------------------
// Read state
// ---------------------------------------------------------------------------

/**
 * Marks the recipient's row read, once: a second mark (a double click, two
 * tabs) finds the row read and changes nothing. The notification's read
 * count follows through the recipients' triggers (migration 0015). Answers
 * whether the recipient has that notification at all.
 */
export async function markRead(db: DbOrTx, recipient: Recipient, notificacionId: number): Promise<boolean> {
  const column = recipient.kind === 'user' ? sql`user_id` : sql`afiliado_id`;
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`with target as (
      select id from notificacion_destinatarios
      where ${column} = ${recipient.id} and notificacion_id = ${notificacionId}
    ), marked as (
      -- The row's own read_at, rechecked after waiting for a concurrent mark's lock.
      update notificacion_destinatarios d set read_at = now()
      from target t where d.id = t.id and d.read_at is null
      returning d.id
    )
    select exists (select 1 from target) as found, (select count(*) from marked) as marked`,
  );
  return row?.found === true;
}

/**
 * Unread notifications per category. A user's come from the counts the
 * recipients' triggers keep (a few rows, however many notifications); an
 * affiliate's from the recipients' partial index, in one grouped query.
 */
export async function unreadCounts(db: DbOrTx, recipient: Recipient): Promise<Record<string, number>> {
  const rows = await preparedRows<{ category: string; n: number | string }>(
    db,
    recipient.kind === 'user'
      ? sql`select category, unread as n from notificacion_unread_counts
          where user_id = ${recipient.id} and unread > 0`
      : sql`select category, count(*) as n from notificacion_destinatarios
          where afiliado_id = ${recipient.id} and read_at is null group by category`,
  );
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
}

// ---------------------------------------------------------------------------
// Deletion
// ---------------------------------------------------------------------------

/**
 * Deletes notifications and answers the file keys they held. The recipients
 * go first, in the order a read mark takes its locks (recipient, then
 * notification), so a delete and a read at the same moment never deadlock.
 */
/**
 * Deletes notifications staff sent, with their recipients; the network's own
 * (a dentist's statement, `automatica`) are never among them: they are part
 * of her settlement.
 */
export async function deleteMany(db: DbOrTx, ids: number[]): Promise<{ id: number; fileKey: string }[]> {
  const enviadas = (
    await db
      .select({ id: notificaciones.id })
      .from(notificaciones)
      .where(and(inArray(notificaciones.id, ids), eq(notificaciones.automatica, false)))
  ).map((r) => r.id);
  if (enviadas.length === 0) return [];
  await db
    .delete(notificacionDestinatarios)
    .where(inArray(notificacionDestinatarios.notificacionId, enviadas));
  return db
    .delete(notificaciones)
    .where(inArray(notificaciones.id, enviadas))
    .returning({ id: notificaciones.id, fileKey: notificaciones.fileKey });
}

/** An exported recipient: who (an affiliate's document, a provider's e-mail) and when they read it. */
export interface RecipientExportRow {
  tipo: DestinatarioTipo;
  nombre: string;
  detalle: string;
  readAt: Date | null;
}

/**
 * The recipients' export written as CSV by the database (`copyCsvOut`): the
 * service's columns as it writes them, in the order of `eachRecipientBatch`.
 */
export function copyRecipients(
  db: Db,
  notificacionId: number,
  separator: ',' | ';',
): Promise<Readable | null> {
  // As for the affiliates' export, the rows are read in a subquery `offset 0` keeps whole.
  return copyCsvOut(
    db,
    sql`select tipo, ${copyText(sql`nombre`)}, ${copyText(sql`detalle`)}, ${copyMoment(sql`read_at`)}
        from (select case when d.afiliado_id is null then 'Profesional' else 'Afiliado' end as tipo,
                coalesce(a.nombre, p.nombre, u.email) as nombre, coalesce(a.documento, u.email) as detalle, d.read_at
              from notificacion_destinatarios d
              left join afiliados a on a.id = d.afiliado_id
              left join users u on u.id = d.user_id
              left join profesionales p on p.user_id = d.user_id
              where d.notificacion_id = ${notificacionId}
              order by d.id
              offset 0) as filas`,
    separator,
  );
}

/**
 * A notification's recipients in the order they were written, in keyset
 * batches over (notificacion_id, id): a send to a million affiliates is
 * exported without ever holding it.
 */
export async function* eachRecipientBatch(
  db: DbOrTx,
  notificacionId: number,
  batchSize = 5_000,
): AsyncGenerator<RecipientExportRow[]> {
  let after = 0;
  while (true) {
    const rows = await queryRows<{
      id: number | string;
      tipo: DestinatarioTipo;
      nombre: string;
      detalle: string;
      read_at: Date | string | null;
    }>(
      db,
      sql`select d.id, case when d.afiliado_id is null then 'profesionales' else 'afiliados' end as tipo,
          coalesce(a.nombre, p.nombre, u.email) as nombre, coalesce(a.documento, u.email) as detalle, d.read_at
        from notificacion_destinatarios d
        left join afiliados a on a.id = d.afiliado_id
        left join users u on u.id = d.user_id
        left join profesionales p on p.user_id = d.user_id
        where d.notificacion_id = ${notificacionId} and d.id > ${after}
        order by d.id
        limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      tipo: r.tipo,
      nombre: r.nombre,
      detalle: r.detalle,
      readAt: r.read_at === null ? null : new Date(r.read_at),
    }));
    if (rows.length < batchSize) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}
