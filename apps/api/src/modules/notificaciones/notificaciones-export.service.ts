import { type ExportFormat, MESSAGES } from '@red-dental/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type ExportColumn, tableExport } from '../../lib/table-export.ts';
import { writtenMoment } from '../../lib/written-dates.ts';
import type { Subject } from '../../plugins/auth.ts';
import { auditedExport } from '../auditoria/audited-export.ts';
import * as repo from './notificaciones.repository.ts';

const COLUMNS: readonly ExportColumn<repo.RecipientExportRow>[] = [
  { header: 'Destinatario', value: (r) => (r.tipo === 'afiliados' ? 'Afiliado' : 'Profesional') },
  { header: 'Nombre', value: (r) => r.nombre },
  { header: 'Documento o email', value: (r) => r.detalle },
  { header: 'Leída el', value: (r) => writtenMoment(r.readAt) },
];

/** Who received a notification and when each read it, as a file written as it is read; audited. */
export async function exportRecipients(
  deps: { db: Db; log: FastifyBaseLogger },
  caller: Subject,
  notificacionId: number,
  format: ExportFormat,
) {
  if (!(await repo.exists(deps.db, notificacionId))) throw notFound(MESSAGES.notificaciones.NOT_FOUND);
  return tableExport(
    repo.eachRecipientBatch(deps.db, notificacionId),
    COLUMNS,
    format,
    auditedExport(deps, caller, {
      name: `destinatarios-notificacion-${notificacionId}`,
      entity: 'notificacion',
      entityId: notificacionId,
      filtros: {},
      format,
    }),
    (separator) => repo.copyRecipients(deps.db, notificacionId, separator),
  );
}
