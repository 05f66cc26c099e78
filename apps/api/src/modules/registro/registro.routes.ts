import { registroSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { register } from './registro.service.ts';

/** Public self-registration of professionals. */
const registroRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/registro',
    {
      onRequest: [app.limitByAddress('registro')],
      schema: {
        tags: ['auth'],
        summary: 'Registro de un profesional (queda pendiente de aprobación)',
        body: registroSchema,
        response: { 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => reply.status(201).send(await register(app, request.body)),
  );
};

export default registroRoutes;
