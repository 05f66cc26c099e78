import {
  messageResponseSchema,
  registroConfirmSchema,
  registroSchema,
  resendConfirmationSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmEmail, register, resendConfirmation } from './registro.service.ts';

/**
 * `/api/registro`: public self-registration of professionals (pending until
 * the applicant confirms the address and staff approve it).
 */
const registroRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      onRequest: [app.limitByAddress('registro')],
      schema: {
        security: [],
        summary: 'Registro de un profesional (queda pendiente de confirmar el email y de aprobación)',
        body: registroSchema,
        response: { 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => reply.status(201).send(await register(app, request.body, request.ip)),
  );

  app.post(
    '/confirm-email',
    {
      onRequest: [app.limitByAddress('registro-confirmar')],
      schema: {
        security: [],
        summary:
          'Confirma el email de una solicitud de registro con el enlace recibido (72 horas, un solo uso)',
        body: registroConfirmSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => confirmEmail(app, request.body.token),
  );

  app.post(
    '/resend-confirmation',
    {
      onRequest: [app.limitByAddress('registro-reenvio')],
      schema: {
        security: [],
        summary:
          'Reenvía el enlace de confirmación de una solicitud pendiente sin confirmar (la respuesta es la misma si no la hay)',
        body: resendConfirmationSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => resendConfirmation(app, request.body.email, request.ip),
  );
};

export default registroRoutes;
