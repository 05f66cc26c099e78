import {
  auditoriaExportQuerySchema,
  auditoriaQuerySchema,
  auditoriaRowSchema,
  PERMISSIONS,
  paginatedSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendExport } from '../../lib/table-export.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './auditoria.service.ts';

/** Exports per user and hour: enough for any audit, not for copying the log out in slices. */
const EXPORT_LIMIT = { max: 30, windowSeconds: 3600 };

/** `/api/auditoria`: the audit log, read and exported by those holding AUDIT.GET. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.AUDIT_GET)],
      schema: {
        summary: 'El registro de auditoría, filtrado y paginado, lo más reciente primero',
        querystring: auditoriaQuerySchema,
        response: { 200: paginatedSchema(auditoriaRowSchema) },
      },
    },
    async (request) => service.listAuditoria({ db: app.db, log: request.log }, request.query),
  );

  app.get(
    '/export',
    {
      onRequest: [app.authorize(PERMISSIONS.AUDIT_GET)],
      schema: {
        summary:
          'Las filas filtradas del registro como CSV (UTF-8 con BOM, separado por , o ;); la exportación queda registrada',
        querystring: auditoriaExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      await app.consumeQuota(app.db, `auditoria-export:${caller.id}`, EXPORT_LIMIT);
      return sendExport(
        reply,
        await service.exportAuditoria({ db: app.db, log: request.log }, caller, request.query),
      );
    },
  );
};

export default auditRoutes;
