import {
  decisionLineaInputSchema,
  idParamSchema,
  lineaPresentadaSchema,
  lineasPresentadasQuerySchema,
  messageResponseSchema,
  PERMISSIONS,
  paginatedSchema,
  reconsideracionSchema,
  respuestaLineaSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { refacturar } from './debitos.service.ts';
import * as service from './lineas.service.ts';

/**
 * `/api/lineas`: presented lines in the audit. A dental auditor
 * (PRESTACIONES.AUDIT) reads them and decides each; the dentist
 * (PRESTACIONES.VALIDATE) follows her own, answers an observation and asks,
 * once, for a débito to be reconsidered.
 */
const lineasRoutes: FastifyPluginAsyncZod = async (app) => {
  const auditor = app.authorize(PERMISSIONS.PRESTACIONES_AUDIT);
  const prestador = app.authorize(PERMISSIONS.PRESTACIONES_VALIDATE);
  const lector = app.authorize({
    anyOf: [PERMISSIONS.PRESTACIONES_AUDIT, PERMISSIONS.PRESTACIONES_VALIDATE],
  });

  app.get(
    '/',
    {
      onRequest: [lector],
      schema: {
        summary:
          'Las prestaciones presentadas en auditoría (la muestra y las alarmas del cierre, las observadas, las reconsideraciones), con lo que dijeron la atención y el cierre y cada paso; un prestador ve solo las suyas',
        querystring: lineasPresentadasQuerySchema,
        response: { 200: paginatedSchema(lineaPresentadaSchema) },
      },
    },
    async (request) => service.lineas(app, currentUser(request), request.query),
  );

  app.put(
    '/:id/decision',
    {
      onRequest: [auditor],
      schema: {
        summary:
          'La decisión del auditor sobre una prestación presentada: aprobar, aprobar en parte (el importe que se paga y por qué menos), observar (qué debe mandar o responder el profesional, en el plazo del convenio) o rechazar con su motivo',
        params: idParamSchema,
        body: decisionLineaInputSchema,
        response: { 200: messageResponseSchema.extend({ linea: lineaPresentadaSchema }) },
      },
    },
    async (request) => service.decidir(app, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/:id/respuesta',
    {
      onRequest: [prestador],
      schema: {
        summary:
          'La respuesta del profesional a la observación del auditor: la prestación vuelve a la auditoría',
        params: idParamSchema,
        body: respuestaLineaSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.responder(app, currentUser(request), request.params.id, request.body.texto),
  );

  app.post(
    '/:id/reconsideracion',
    {
      onRequest: [prestador],
      schema: {
        summary:
          'El profesional pide, una vez, que se reconsidere una prestación debitada (rechazada o aprobada en parte): vuelve al auditor',
        params: idParamSchema,
        body: reconsideracionSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.reconsiderar(app, currentUser(request), request.params.id, request.body.nota),
  );

  app.post(
    '/:id/refacturar',
    {
      onRequest: [app.authorize(PERMISSIONS.LIQUIDACIONES_MANAGE)],
      schema: {
        summary:
          'Refactura una línea debitada por la obra social y trasladada a su prestador: una línea nueva, ligada a la anterior, por lo debitado, dentro del plazo de refacturación del convenio; se presenta en el próximo cierre',
        params: idParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => refacturar(app, currentUser(request), request.params.id),
  );
};

export default lineasRoutes;
