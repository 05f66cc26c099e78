import {
  idParamSchema,
  liquidacionesQuerySchema,
  liquidacionFilaSchema,
  liquidacionSchema,
  messageResponseSchema,
  PERMISSIONS,
  pagoInputSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './liquidaciones.service.ts';

/**
 * `/api/liquidaciones`: each dentist's settlement by period. Staff read
 * every one and record payments; a dentist (PRESTACIONES.VALIDATE) reads her own.
 */
const liquidacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const lector = app.authorize({
    anyOf: [PERMISSIONS.LIQUIDACIONES_MANAGE, PERMISSIONS.PRESTACIONES_VALIDATE],
  });
  const gestion = app.authorize(PERMISSIONS.LIQUIDACIONES_MANAGE);
  app.get(
    '/',
    {
      onRequest: [lector],
      schema: {
        summary:
          'Las liquidaciones por período y prestador, con los días hasta el pago; un prestador ve solo las suyas',
        querystring: liquidacionesQuerySchema,
        response: { 200: z.array(liquidacionFilaSchema) },
      },
    },
    async (request) => service.liquidaciones(app, currentUser(request), request.query),
  );
  app.get(
    '/:id',
    {
      onRequest: [lector],
      schema: {
        summary:
          'Una liquidación, línea por línea: arancel, coseguro cobrado en el consultorio, débito con su motivo en palabras, nota del auditor y neto',
        params: idParamSchema,
        response: { 200: liquidacionSchema },
      },
    },
    async (request) => service.liquidacion(app, currentUser(request), request.params.id),
  );
  app.put(
    '/:id/pago',
    {
      onRequest: [gestion],
      schema: {
        summary: 'Registra el día en que se pagó la liquidación al prestador',
        params: idParamSchema,
        body: pagoInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) =>
      service.pagarLiquidacion(app, currentUser(request), request.params.id, request.body.pagadoEl),
  );
};

export default liquidacionesRoutes;
