import {
  idParamSchema,
  loteExportQuerySchema,
  loteSchema,
  lotesQuerySchema,
  messageResponseSchema,
  PERMISSIONS,
  pagoInputSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAuditedExport } from '../auditoria/audited-export.ts';
import * as service from './liquidaciones.service.ts';
import { exportarLote } from './lotes-export.ts';

/** `/api/lotes`: each insurer's lot by period and contract, with its invoice number and payment (LIQUIDACIONES.MANAGE). */
const lotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const gestion = app.authorize(PERMISSIONS.LIQUIDACIONES_MANAGE);
  app.get(
    '/',
    {
      onRequest: [gestion],
      schema: {
        summary:
          'Los lotes de facturación a las obras sociales, por período, con su número de factura y pago',
        querystring: lotesQuerySchema,
        response: { 200: z.array(loteSchema) },
      },
    },
    async (request) => service.lotes(app, request.query),
  );
  app.put(
    '/:id/pago',
    {
      onRequest: [gestion],
      schema: {
        summary: 'Registra el día en que la obra social pagó el lote',
        params: idParamSchema,
        body: pagoInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.pagarLote(app, request.params.id, request.body.pagadoEl),
  );

  app.get(
    '/:id/export',
    {
      onRequest: [gestion],
      schema: {
        summary:
          'El detalle del lote para la obra social: CSV o XLSX (cada línea con su atención, afiliado, código, pieza, caras, arancel, coseguro e importe facturado) o un Bundle FHIR R4 de Claim (una por atención, la pieza FDI en bodySite y cada cara en subSite); queda en la auditoría',
        params: idParamSchema,
        querystring: loteExportQuerySchema,
        produces: [
          'text/csv',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'application/fhir+json',
        ],
      },
    },
    (request, reply) =>
      sendAuditedExport(app, request, reply, (deps, caller) =>
        exportarLote(deps, caller, request.params.id, request.query),
      ),
  );
};

export default lotesRoutes;
