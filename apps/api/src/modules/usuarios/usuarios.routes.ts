import {
  createUserSchema,
  idParamSchema,
  PERMISSIONS,
  permisoSchema,
  solicitudSchema,
  updateUserSchema,
  userSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import * as repo from './usuarios.repository.ts';
import * as service from './usuarios.service.ts';

/** User accounts, the permission catalogue and the professionals' sign-up requests. */
const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_CREATE)],
      schema: {
        tags: ['usuarios'],
        summary: 'Crea un usuario activo',
        body: createUserSchema,
        response: { 201: userSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createUser(app, currentUser(request), request.body)),
  );

  app.get(
    '/user/:id',
    {
      onRequest: [app.authorize()],
      schema: {
        tags: ['usuarios'],
        summary: 'Un usuario (USERS.GET, o el propio)',
        params: idParamSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => service.getUser(app, currentUser(request), request.params.id),
  );

  app.put(
    '/user/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_UPDATE)],
      schema: {
        tags: ['usuarios'],
        summary: 'Modifica e-mail, contraseña o roles',
        params: idParamSchema,
        body: updateUserSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => service.updateUser(app, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/profesionales/solicitudes',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)],
      schema: {
        tags: ['usuarios'],
        summary: 'Solicitudes de registro pendientes',
        response: { 200: z.array(solicitudSchema) },
      },
    },
    async () => service.listPendingRequests(app),
  );

  app.put(
    '/user/solicitudes/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)],
      schema: {
        tags: ['usuarios'],
        summary: 'Aprueba una solicitud (id del usuario)',
        params: idParamSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => service.approveRequest(app, currentUser(request), request.params.id),
  );

  app.delete(
    '/user/rechazar/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)],
      schema: {
        tags: ['usuarios'],
        summary: 'Rechaza una solicitud (id del usuario)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await service.rejectRequest(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/permisos',
    {
      onRequest: [app.authorize()],
      schema: {
        tags: ['usuarios'],
        summary: 'Catálogo de permisos',
        response: { 200: z.array(permisoSchema) },
      },
    },
    async () => repo.listPermissions(app.db),
  );
};

export default usuariosRoutes;
