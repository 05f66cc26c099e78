import { messageResponseSchema, sesionSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { SETTING_UP } from './acceso-2fa.routes.ts';
import * as service from './acceso-sesiones.service.ts';

/** The caller's own sessions under `/api/user/sesiones`: one per sign-in, each closable on its own. */
const usuariosSesionesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sesiones',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: {
        summary: 'Las sesiones abiertas de la cuenta',
        response: { 200: z.array(sesionSchema) },
      },
    },
    async (request) => service.listSesiones(app, currentUser(request)),
  );

  app.delete(
    '/sesiones',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: {
        summary: 'Cierra las sesiones de la cuenta en los demás dispositivos',
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.closeOtherSesiones(app, currentUser(request)),
  );

  app.delete(
    '/sesiones/:id',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: {
        summary: 'Cierra una sesión de la cuenta',
        params: z.object({ id: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      await service.closeSesion(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default usuariosSesionesRoutes;
