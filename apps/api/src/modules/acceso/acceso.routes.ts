import {
  changePasswordSchema,
  cuentaNombreSchema,
  loginAnswerSchema,
  loginRequestSchema,
  MESSAGES,
  messageResponseSchema,
  recoverPasswordSchema,
  restorePasswordSchema,
  restoreTokenSchema,
  sessionUserSchema,
  tokenResponseSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, currentUser } from '../../plugins/auth.ts';
import * as service from './acceso.service.ts';
import accesoSegundoFactorRoutes, { SETTING_UP } from './acceso-2fa.routes.ts';
import accesoSesionesRoutes from './acceso-sesiones.routes.ts';

/**
 * `/api/user`, the access side: signing in and out, the session's user and its
 * own name, recovering and changing the password, two-factor sign-in, and the
 * caller's sessions.
 */
const accesoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accesoSesionesRoutes);
  await app.register(accesoSegundoFactorRoutes);

  app.post(
    '/login',
    {
      onRequest: [app.limitByAddress('login')],
      schema: {
        summary: 'Inicio de sesión de personal y profesionales',
        security: [],
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => service.login(app, request.body, clientOf(request)),
  );

  app.get(
    '/me',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: { summary: 'Usuario de la sesión', response: { 200: sessionUserSchema } },
    },
    async (request) => service.buildSessionUser(app, currentUser(request)),
  );

  app.put(
    '/me',
    {
      onRequest: [app.authorize()],
      schema: {
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
        summary: 'Envía por mail un enlace para recuperar la contraseña',
        security: [],
        body: recoverPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.requestPasswordRecovery(app, request.body.email, request.ip);
      return { message: MESSAGES.RECOVER_MAIL_SENT };
    },
  );

  app.put(
    '/restore-password',
    {
      onRequest: [app.limitByAddress('restore')],
      schema: {
        summary: 'Define una nueva contraseña con el enlace recibido',
        security: [],
        body: restorePasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.restorePassword(app, request.body);
      return { message: MESSAGES.RESTORE_SUCCESS };
    },
  );

  // Shares the restore's counter: checking a link gives no guesses beyond those of using it.
  app.post(
    '/restore-password/check',
    {
      onRequest: [app.limitByAddress('restore')],
      schema: {
        summary:
          'Dice si el enlace de recuperación recibido todavía sirve (sin usarlo): 204, o 400 si ya se usó o venció',
        security: [],
        body: restoreTokenSchema,
      },
    },
    async (request, reply) => {
      await service.checkRecoveryLink(app, request.body.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/change-password',
    {
      onRequest: [app.authorize()],
      schema: {
        summary: 'Cambia la contraseña propia (devuelve un token nuevo)',
        body: changePasswordSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => service.changeOwnPassword(app, currentUser(request), request.body, clientOf(request)),
  );

  app.post(
    '/logout',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: {
        summary: 'Cierra la sesión de este dispositivo (su token deja de valer; las demás siguen abiertas)',
      },
    },
    async (request, reply) => {
      await service.logout(app, currentUser(request));
      return reply.status(204).send();
    },
  );
};

export default accesoRoutes;
