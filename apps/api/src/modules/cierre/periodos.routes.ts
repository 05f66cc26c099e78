import {
  cierreInputSchema,
  MESSAGES,
  PERMISSIONS,
  periodoDetalleSchema,
  periodoParamSchema,
  periodoResumenSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { cerrar } from './cierre.service.ts';
import * as service from './liquidaciones.service.ts';
import { publicadorDe } from './liquidaciones-publicacion.ts';

const M = MESSAGES.cierre;

/**
 * `/api/periodos`: the network's months. Staff (LIQUIDACIONES.MANAGE) read
 * each month's figures and alarms and close it: once closed, closing again
 * answers with the same figures and changes nothing.
 */
const periodosRoutes: FastifyPluginAsyncZod = async (app) => {
  // A server stopped before publishing every statement of a closing publishes the rest on start.
  app.addHook('onReady', async () => publicadorDe(app).wake());
  app.addHook('onClose', async () => publicadorDe(app).stop());
  const gestion = app.authorize(PERMISSIONS.LIQUIDACIONES_MANAGE);
  app.get(
    '/',
    {
      onRequest: [gestion],
      schema: {
        summary:
          'Los meses cerrados y los que tienen prestaciones validadas esperando el cierre, el más nuevo primero',
        response: { 200: z.array(periodoResumenSchema) },
      },
    },
    async () => service.listarPeriodos(app),
  );
  app.get(
    '/:periodo',
    {
      onRequest: [gestion],
      schema: {
        summary: 'Un mes: sus cifras y, cerrado, las alarmas que levantó el cierre',
        params: periodoParamSchema,
        response: { 200: periodoDetalleSchema },
      },
    },
    async (request) => service.periodo(app, request.params.periodo),
  );
  app.post(
    '/:periodo/cierre',
    {
      onRequest: [gestion],
      schema: {
        summary:
          'Cierra el mes: presenta toda prestación validada hasta su último día, vuelve a aplicar las reglas a la fecha de cada una (lo que la atención no dijo es una alarma), aprueba las limpias salvo la muestra para auditoría, liquida a cada prestador y arma el lote de cada convenio. Un mes cerrado responde lo mismo sin cambiar nada',
        params: periodoParamSchema,
        body: cierreInputSchema,
        response: { 200: periodoResumenSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const { periodo } = request.params;
      const r = await cerrar(app, currentUser(request), periodo, request.body);
      // The statements go out once the closing has committed, without holding up its answer.
      if (r.cerrado) publicadorDe(app).wake();
      return { ...r.periodo, message: r.cerrado ? M.CERRADO(periodo) : M.PERIODO_CERRADO(periodo) };
    },
  );
};

export default periodosRoutes;
