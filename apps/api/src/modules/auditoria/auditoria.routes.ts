import {
  auditoriaExportQuerySchema,
  auditoriaQuerySchema,
  auditoriaRowSchema,
  PERMISSIONS,
  paginatedSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAuditedExport } from './audited-export.ts';
import * as service from './auditoria.service.ts';

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
          'Las filas filtradas del registro como CSV (UTF-8 con BOM, separado por , o ;) o XLSX; la exportación queda registrada',
        querystring: auditoriaExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendAuditedExport(app, request, reply, (deps, caller) =>
        service.exportAuditoria(deps, caller, request.query),
      ),
  );
};

export default auditRoutes;
