import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** 200 means ready to use: the database answers. Load balancers poll it. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { summary: 'Estado del servicio' } }, async (_request, reply) => {
    if (await app.database.ping()) return { status: 'ok' };
    return reply.status(503).send({ error: MESSAGES.DATABASE_DOWN, code: ERROR_CODES.UNAVAILABLE });
  });
};

export default healthRoutes;
