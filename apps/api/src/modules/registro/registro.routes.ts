import { registroSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { register } from './registro.service.ts';

/** `/api/registro`: public self-registration of professionals (pending until staff approve it). */
const registroRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      onRequest: [app.limitByAddress('registro')],
      schema: {
        tags: ['profesionales'],
        security: [],
        summary: 'Registro de un profesional (queda pendiente de aprobación)',
        body: registroSchema,
        response: { 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => reply.status(201).send(await register(app, request.body)),
  );
};

export default registroRoutes;
