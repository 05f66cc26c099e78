import {
  createUserSchema,
  emailConfirmSchema,
  idParamSchema,
  messageResponseSchema,
  PERMISSIONS,
  rechazoSchema,
  updateUserSchema,
  userSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './usuarios.service.ts';
import usuariosAdminRoutes from './usuarios-admin.routes.ts';

/**
 * `/api/user`, the accounts side: accounts of staff and professionals, created
 * and edited by id, their invitations, roles and state, the confirmation of an
 * address someone else gave one, and approving or rejecting professionals'
 * sign-up requests (which act on their user).
 */
const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(usuariosAdminRoutes);

  app.post(
    '/confirm-email',
    {
      onRequest: [app.limitByAddress('confirmar-email')],
      schema: {
        summary:
          'Confirma la dirección de email que otra persona le dio a la cuenta, con el enlace recibido (72 horas, un solo uso)',
        security: [],
        body: emailConfirmSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.confirmEmail(app, request.body.token),
  );

  app.post(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_CREATE)],
      schema: {
        summary: 'Crea un usuario activo',
        body: createUserSchema,
        response: { 201: userSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createUser(app, currentUser(request), request.body)),
  );

  app.get(
    '/:id',
    {
      onRequest: [app.authorize()],
      schema: {
        summary: 'Un usuario (USERS.GET, o el propio)',
        params: idParamSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => service.getUser(app, currentUser(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_UPDATE)],
      schema: {
        summary: 'Modifica email, contraseña o roles',
        params: idParamSchema,
        body: updateUserSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => service.updateUser(app, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/solicitudes/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)],
      schema: {
        summary: 'Aprueba una solicitud de registro (id del usuario)',
        params: idParamSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => service.approveRequest(app, currentUser(request), request.params.id),
  );

  app.delete(
    '/rechazar/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)],
      schema: {
        summary: 'Rechaza una solicitud de registro (id del usuario), con un motivo opcional que se le envía',
        params: idParamSchema,
        body: rechazoSchema,
      },
    },
    async (request, reply) => {
      await service.rejectRequest(app, currentUser(request), request.params.id, request.body.motivo);
      return reply.status(204).send();
    },
  );
};

export default usuariosRoutes;
