import type { ExportedEntity, ExportFormat } from '@red-dental/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { EXPORT_QUOTA, type ExportFile, type ExportOptions, sendExport } from '../../lib/table-export.ts';
import { currentUser, type Subject } from '../../plugins/auth.ts';
import { recordAudit } from './auditoria.repository.ts';

/**
 * What every export of a list does when its download ends or is abandoned:
 * an entry of the audit log says who took which rows out (the filters, the
 * format and how many rows went), and a failure half-way goes to the log.
 */
export function auditedExport(
  deps: { db: Db; log: FastifyBaseLogger },
  caller: Subject,
  what: {
    name: string;
    entity: ExportedEntity;
    entityId?: number;
    filtros: Record<string, unknown>;
    format: ExportFormat;
  },
): ExportOptions {
  const filtros = Object.fromEntries(
    Object.entries(what.filtros).filter(([, v]) => v !== undefined && v !== '' && v !== false),
  );
  return {
    name: what.name,
    onEnd: async ({ rows, complete }) => {
      try {
        await recordAudit(deps.db, caller, {
          action: 'export',
          entity: what.entity,
          entityId: what.entityId,
          details: { filtros, formato: what.format.formato, filas: rows, completa: complete },
        });
      } catch (error) {
        deps.log.error({ err: error }, `the export of ${what.name} could not be recorded`);
      }
    },
    onError: (error) => deps.log.error({ err: error }, `the export of ${what.name} failed half-way`),
  };
}

/**
 * What every export route does once its door is passed: the caller's hourly
 * quota of exports, then the file, built by `build`, sent as a download.
 */
export async function sendAuditedExport(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  build: (deps: { db: Db; log: FastifyBaseLogger }, caller: Subject) => ExportFile | Promise<ExportFile>,
) {
  const caller = currentUser(request);
  await app.consumeQuota(app.db, `export:${caller.id}`, EXPORT_QUOTA);
  return sendExport(reply, await build({ db: app.db, log: request.log }, caller));
}
