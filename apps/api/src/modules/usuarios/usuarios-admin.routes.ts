import {
  acceptInvitacionSchema,
  idParamSchema,
  invitacionAceptadaSchema,
  invitacionInfoSchema,
  invitacionSchema,
  messageResponseSchema,
  PERMISSIONS,
  paginatedSchema,
  REQUIREMENTS,
  userEstadoSchema,
  userRolesSchema,
  usuarioRowSchema,
  usuariosQuerySchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './usuarios-admin.service.ts';

const tokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * The accounts as staff run them, under `/api/user`: the list, invitations
 * (the invitee sets their own password), roles, deactivation and recovery links.
 */
const usuariosAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/paginated',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_GET)],
      schema: {
        summary: 'Todas las cuentas (personal y profesionales), por nombre o email',
        querystring: usuariosQuerySchema,
        response: { 200: paginatedSchema(usuarioRowSchema) },
      },
    },
    async (request) => service.listUsuarios(app, request.query),
  );

  app.post(
    '/invitaciones',
    {
      onRequest: [app.authorize(REQUIREMENTS.USUARIOS_INVITE)],
      schema: {
        summary: 'Invita a una persona del personal: recibe por mail un enlace para elegir su contraseña',
        body: invitacionSchema,
        response: { 201: messageResponseSchema.extend({ id: z.number() }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.invite(app, currentUser(request), request.body)),
  );

  app.post(
    '/invitaciones/:id/reenviar',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_CREATE)],
      schema: {
        summary: 'Envía un enlace de invitación nuevo (el anterior deja de valer)',
        params: idParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.resendInvitation(app, currentUser(request), request.params.id),
  );

  app.get(
    '/invitaciones/:token',
    {
      onRequest: [app.limitByAddress('invitation')],
      schema: {
        summary: 'A quién invita un enlace vigente',
        params: tokenParamSchema,
        response: { 200: invitacionInfoSchema },
      },
    },
    async (request) => service.getInvitation(app, request.params.token),
  );

  app.put(
    '/invitaciones/:token',
    {
      onRequest: [app.limitByAddress('invitation')],
      schema: {
        summary: 'La persona invitada elige su contraseña y activa su cuenta',
        params: tokenParamSchema,
        body: acceptInvitacionSchema,
        response: { 200: invitacionAceptadaSchema },
      },
    },
    async (request) => service.acceptInvitation(app, request.params.token, request.body, request.ip),
  );

  app.put(
    '/:id/roles',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_UPDATE_ROLE)],
      schema: {
        summary: 'Reemplaza los roles de otra cuenta (siempre queda un ADMINISTRADOR activo)',
        params: idParamSchema,
        body: userRolesSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.changeRoles(app, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/:id/estado',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_DELETE)],
      schema: {
        summary: 'Desactiva (cierra todas sus sesiones) o reactiva una cuenta',
        params: idParamSchema,
        body: userEstadoSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.changeEstado(app, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/:id/recuperacion',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_UPDATE_PASSWORD)],
      schema: {
        summary: 'Envía a una cuenta activa un enlace para definir una contraseña nueva',
        params: idParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.sendRecoveryLink(app, currentUser(request), request.params.id),
  );
};

export default usuariosAdminRoutes;
