import {
  idParamSchema,
  messageResponseSchema,
  REQUIREMENTS,
  recordatorioDatosSchema,
  recordatorioSentSchema,
  recordatorioTokenParamSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './profesionales-recordatorios.service.ts';

/** Tries of a reminder's link per address and hour, reading and confirming together: a person needs two. */
const LINK_LIMIT = { max: 30, windowSeconds: 3600 };

/**
 * `/api/profesionales/…recordatorio`: the reminder to confirm a provider's
 * directory data, sent by staff, and its link (no session: the link is the
 * secret, single-use and expiring).
 */
const recordatoriosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/recordatorio',
    {
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
      schema: {
        summary: 'Envía al profesional el recordatorio de confirmar sus datos (uno cada 30 días como máximo)',
        params: idParamSchema,
        response: { 201: recordatorioSentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.sendByHand(app, currentUser(request), request.params.id)),
  );

  app.get(
    '/recordatorio/:token',
    {
      onRequest: [app.limitByAddress('recordatorio-link', LINK_LIMIT)],
      schema: {
        summary:
          'Los datos del profesional como los ve la cartilla, para confirmarlos desde el enlace del recordatorio',
        params: recordatorioTokenParamSchema,
        response: { 200: recordatorioDatosSchema },
      },
    },
    async (request) => service.readByToken(app, request.params.token),
  );

  app.post(
    '/recordatorio/:token/confirmar',
    {
      onRequest: [app.limitByAddress('recordatorio-link', LINK_LIMIT)],
      schema: {
        summary:
          "'Mis datos están actualizados' desde el enlace del recordatorio (una vez, antes de que venza)",
        params: recordatorioTokenParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.confirmByToken(app, request.params.token, request.ip),
  );
};

export default recordatoriosRoutes;
