import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  type Destinatario,
  type DestinatariosCount,
  type DestinatarioTipo,
  ERROR_CODES,
  MESSAGES,
  type Notificacion,
  type NotificacionFilters,
  type NotificacionForm,
  type NotificacionSent,
  type NotificacionStaff,
  type Paginated,
  type UnreadCounts,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Auth, Subject } from '../../plugins/auth.ts';
import type { UploadedFile } from '../../plugins/uploads.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import { nuevaNotificacionMail } from './notificaciones.mails.ts';
import * as repo from './notificaciones.repository.ts';

const M = MESSAGES.notificaciones;

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'mail' | 'fileLinks' | 'config' | 'log'>;

/** An uploaded PDF and whether its content is one. */
export interface PdfUpload extends UploadedFile {
  isPdf: boolean;
}

interface Page {
  pageIndex: number;
  pageSize: number;
  search?: string;
}

const pageOf = ({ pageIndex, pageSize }: Page) => ({ limit: pageSize, offset: pageIndex * pageSize });

/** The recipient an auth names: a user's account or an affiliate. */
export function recipientOf(auth: Auth): repo.Recipient {
  return auth.kind === 'user'
    ? { kind: 'user', id: auth.user.id }
    : { kind: 'afiliado', id: auth.afiliado.id };
}

/** Refuses filters that name insurers, zones, specialties or professionals that do not exist. */
async function assertFiltersExist(deps: Pick<Deps, 'db'>, filters: NotificacionFilters): Promise<void> {
  const found = await repo.countExisting(deps.db, filters);
  const fields: Record<string, string> = {};
  for (const key of ['obrasSociales', 'zonas', 'especialidades', 'profesionales'] as const) {
    if (found[key] !== new Set(filters[key]).size) fields[key] = M.UNKNOWN_FILTER;
  }
  if (Object.keys(fields).length > 0) throw badRequest(M.UNKNOWN_FILTER, fields);
}

/** How many a send with these filters would reach now, for the confirmation dialog. */
export async function countRecipients(
  deps: Pick<Deps, 'db'>,
  tipo: DestinatarioTipo,
  filters: NotificacionFilters,
): Promise<DestinatariosCount> {
  return { count: await repo.countRecipients(deps.db, tipo, filters) };
}

/** A readable file name: the upload's own name without any path, ending in .pdf. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()!.trim().slice(0, 150) || 'notificacion';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/**
 * Sends a notification: the PDF is stored first, then the notification, its
 * recipients (frozen now) and one mail to each recipient with an address
 * (both in one set-based statement) are written in one transaction. If anything
 * fails after the file is stored, the file is removed again, so a refused or
 * failed send leaves nothing behind.
 */
export async function send(
  deps: Deps,
  caller: Subject,
  form: NotificacionForm,
  file: PdfUpload,
): Promise<NotificacionSent> {
  if (!file.isPdf)
    throw new AppError(415, M.PDF_INVALID, ERROR_CODES.UNSUPPORTED_MEDIA, { pdfs: M.PDF_INVALID });
  const filters: NotificacionFilters = {
    obrasSociales: form.obrasSociales,
    zonas: form.zonas,
    especialidades: form.especialidades,
    profesionales: form.profesionales,
  };
  await assertFiltersExist(deps, filters);

  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const fileKey = `notificaciones/${now.getUTCFullYear()}/${month}/${randomUUID()}.pdf`;
  await deps.storage.put(fileKey, createReadStream(file.path), { contentType: 'application/pdf' });

  let result: { id: number; recipientCount: number; mails: number };
  try {
    result = await deps.db.transaction(async (tx) => {
      const id = await repo.insertNotificacion(tx, {
        title: form.title,
        category: form.category,
        recipientType: form.destinatario,
        fileKey,
        fileName: cleanFileName(file.fileName),
        fileSize: file.bytes,
        filters,
        createdBy: caller.id,
      });
      const mail = nuevaNotificacionMail(
        deps.config.publicUrl,
        form.destinatario,
        deps.config.affiliateLoginBirthdate,
      );
      const { recipientCount, mails } = await repo.insertRecipientsAndMail(
        tx,
        { id, category: form.category, recipientType: form.destinatario },
        filters,
        (addresses) => deps.mail.toEachStatement(mail, addresses),
      );
      if (recipientCount === 0) throw badRequest(M.NO_RECIPIENTS);
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'notificacion',
        entityId: id,
        details: {
          title: form.title,
          category: form.category,
          destinatario: form.destinatario,
          recipientCount,
          mails,
        },
      });
      return { id, recipientCount, mails };
    });
  } catch (error) {
    await deps.storage.remove(fileKey).catch((cause: unknown) => {
      deps.log.warn({ err: cause, fileKey }, 'could not remove the file of a failed notification send');
    });
    throw error;
  }
  if (result.mails > 0) deps.mail.wake();
  return { id: result.id, recipientCount: result.recipientCount };
}

function toNotificacion(
  deps: Pick<Deps, 'fileLinks'>,
  auth: Auth,
  row: repo.NotificacionRow,
  open: boolean,
): Notificacion {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    open,
    message: [deps.fileLinks.sign(row.fileKey, auth, row.fileName)],
  };
}

/** Every notification for staff; `pageIndex` is already 0-based here. Staff are not recipients: `open` is true. */
export async function listAll(deps: Deps, auth: Auth, query: Page): Promise<Paginated<NotificacionStaff>> {
  const { rows, rowCount } = await repo.findPage(deps.db, { category: query.search }, pageOf(query));
  return {
    rows: rows.map((row) => ({
      ...toNotificacion(deps, auth, row, true),
      destinatario: row.recipientType,
      recipientCount: row.recipientCount,
      readCount: row.readCount,
    })),
    rowCount,
  };
}

/** The caller's own notifications (a professional, or an affiliate), with their read flag. */
export async function listOwn(deps: Deps, auth: Auth, query: Page): Promise<Paginated<Notificacion>> {
  const { rows, rowCount } = await repo.findPageOf(
    deps.db,
    recipientOf(auth),
    { category: query.search },
    pageOf(query),
  );
  return { rows: rows.map((row) => toNotificacion(deps, auth, row, row.open)), rowCount };
}

/** Marks one of the caller's notifications read; anyone else's is "not found". */
export async function markRead(deps: Pick<Deps, 'db'>, auth: Auth, notificacionId: number): Promise<void> {
  if (!(await repo.markRead(deps.db, recipientOf(auth), notificacionId))) throw notFound(M.NOT_FOUND);
}

export async function unreadCounts(deps: Pick<Deps, 'db'>, auth: Auth): Promise<UnreadCounts> {
  return repo.unreadCounts(deps.db, recipientOf(auth));
}

/**
 * Deletes notifications with their recipients' rows, then their files. A
 * file that cannot be removed now is logged: the notification is gone and
 * its links stop working all the same.
 */
export async function remove(deps: Deps, caller: Subject, ids: number[]): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const rows = await repo.deleteMany(tx, ids);
    if (rows.length === 0) throw notFound(M.NOT_FOUND);
    for (const row of rows)
      await recordAudit(tx, caller, { action: 'delete', entity: 'notificacion', entityId: row.id });
    return rows;
  });
  for (const row of deleted) {
    await deps.storage.remove(row.fileKey).catch((error: unknown) => {
      deps.log.warn(
        { err: error, fileKey: row.fileKey },
        'could not remove the file of a deleted notification',
      );
    });
  }
}

/** Who received a notification and when each read it (staff). */
export async function listRecipients(
  deps: Pick<Deps, 'db'>,
  notificacionId: number,
  query: Page,
): Promise<Paginated<Destinatario>> {
  const { rows, rowCount } = await repo.findRecipientsPage(deps.db, notificacionId, pageOf(query));
  if (rowCount === 0 && !(await repo.exists(deps.db, notificacionId))) throw notFound(M.NOT_FOUND);
  return {
    rows: rows.map((r) => ({
      tipo: r.tipo,
      nombre: r.nombre,
      detalle: r.detalle,
      readAt: r.read_at === null ? null : new Date(r.read_at).toISOString(),
    })),
    rowCount,
  };
}
