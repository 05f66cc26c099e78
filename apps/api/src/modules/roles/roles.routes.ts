import { idParamSchema, PERMISSIONS, rolInputSchema, rolSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './roles.service.ts';

/** `/api/roles`: the roles with their permissions; create one and change its name and permissions. */
const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.ROLES_GET)],
      schema: {
        summary: 'Los roles con sus permisos y cuántas cuentas los tienen',
        response: { 200: z.array(rolSchema) },
      },
    },
    async () => service.listRoles(app),
  );

  app.post(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.ROLES_CREATE)],
      schema: { summary: 'Crea un rol', body: rolInputSchema, response: { 201: rolSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRol(app, currentUser(request), request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.ROLES_UPDATE)],
      schema: {
        summary: 'Cambia el nombre y los permisos de un rol (ADMINISTRADOR no se modifica)',
        params: idParamSchema,
        body: rolInputSchema,
        response: { 200: rolSchema },
      },
    },
    async (request) => service.updateRol(app, currentUser(request), request.params.id, request.body),
  );
};

export default rolesRoutes;
