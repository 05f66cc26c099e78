import {
  changePasswordSchema,
  createUserSchema,
  cuentaNombreSchema,
  emailConfirmSchema,
  idParamSchema,
  loginAnswerSchema,
  loginRequestSchema,
  MESSAGES,
  messageResponseSchema,
  PERMISSIONS,
  rechazoSchema,
  recoverPasswordSchema,
  restorePasswordSchema,
  restoreTokenSchema,
  sessionUserSchema,
  tokenResponseSchema,
  updateUserSchema,
  userSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, currentUser } from '../../plugins/auth.ts';
import * as service from './usuarios.service.ts';
import usuariosSegundoFactorRoutes, { SETTING_UP } from './usuarios-2fa.routes.ts';
import usuariosAdminRoutes from './usuarios-admin.routes.ts';
import * as authService from './usuarios-auth.service.ts';
import usuariosSesionesRoutes from './usuarios-sesiones.routes.ts';

/**
 * `/api/user`: accounts of staff and professionals. Sign-in, the session's
 * user and password recovery; creating and editing accounts; approving and
 * rejecting professionals' sign-up requests (which act on their user).
 */
const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(usuariosAdminRoutes);
  await app.register(usuariosSesionesRoutes);
  await app.register(usuariosSegundoFactorRoutes);

  app.post(
    '/login',
    {
      onRequest: [app.limitByAddress('login')],
      schema: {
        tags: ['usuarios'],
        summary: 'Inicio de sesión de personal y profesionales',
        security: [],
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => authService.login(app, request.body, clientOf(request)),
  );

  app.get(
    '/me',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: { tags: ['usuarios'], summary: 'Usuario de la sesión', response: { 200: sessionUserSchema } },
    },
    async (request) => authService.buildSessionUser(app, currentUser(request)),
  );

  app.put(
    '/me',
    {
      onRequest: [app.authorize()],
      schema: {
        tags: ['usuarios'],
        summary: 'Cambia el nombre propio de una cuenta del personal (devuelve el usuario de la sesión)',
        body: cuentaNombreSchema,
        response: { 200: sessionUserSchema },
      },
    },
    async (request) => service.changeOwnNombre(app, currentUser(request), request.body),
  );

  app.post(
    '/recover-password',
    {
      onRequest: [app.limitByAddress('recover')],
      schema: {
        tags: ['usuarios'],
        summary: 'Envía por mail un enlace para recuperar la contraseña',
        security: [],
        body: recoverPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await authService.requestPasswordRecovery(app, request.body.email, request.ip);
      return { message: MESSAGES.RECOVER_MAIL_SENT };
    },
  );

  app.put(
    '/restore-password',
    {
      onRequest: [app.limitByAddress('restore')],
      schema: {
        tags: ['usuarios'],
        summary: 'Define una nueva contraseña con el enlace recibido',
        security: [],
        body: restorePasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await authService.restorePassword(app, request.body);
      return { message: MESSAGES.RESTORE_SUCCESS };
    },
  );

  // Shares the restore's counter: checking a link gives no guesses beyond those of using it.
  app.post(
    '/restore-password/check',
    {
      onRequest: [app.limitByAddress('restore')],
      schema: {
        tags: ['usuarios'],
        summary:
          'Dice si el enlace de recuperación recibido todavía sirve (sin usarlo): 204, o 400 si ya se usó o venció',
        security: [],
        body: restoreTokenSchema,
      },
    },
    async (request, reply) => {
      await authService.checkRecoveryLink(app, request.body.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/confirm-email',
    {
      onRequest: [app.limitByAddress('confirmar-email')],
      schema: {
        tags: ['usuarios'],
        summary:
          'Confirma la dirección de email que otra persona le dio a la cuenta, con el enlace recibido (72 horas, un solo uso)',
        security: [],
        body: emailConfirmSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => authService.confirmEmail(app, request.body.token),
  );

  app.put(
    '/change-password',
    {
      onRequest: [app.authorize()],
      schema: {
        tags: ['usuarios'],
        summary: 'Cambia la contraseña propia (devuelve un token nuevo)',
        body: changePasswordSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) =>
      authService.changeOwnPassword(app, currentUser(request), request.body, clientOf(request)),
  );

  app.post(
    '/logout',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: {
        tags: ['usuarios'],
        summary: 'Cierra la sesión de este dispositivo (su token deja de valer; las demás siguen abiertas)',
      },
    },
    async (request, reply) => {
      await authService.logout(app, currentUser(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/',
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
    '/:id',
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
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.USERS_UPDATE)],
      schema: {
        tags: ['usuarios'],
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
        tags: ['usuarios'],
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
        tags: ['usuarios'],
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
