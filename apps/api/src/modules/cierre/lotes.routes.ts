import {
  idParamSchema,
  loteSchema,
  lotesQuerySchema,
  messageResponseSchema,
  PERMISSIONS,
  pagoInputSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './liquidaciones.service.ts';

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
};

export default lotesRoutes;
