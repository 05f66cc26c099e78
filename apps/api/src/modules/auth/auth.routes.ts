import {
  afiliadoLoginSchema,
  changePasswordSchema,
  loginRequestSchema,
  loginResponseSchema,
  MESSAGES,
  messageResponseSchema,
  recoverPasswordSchema,
  restorePasswordSchema,
  sessionUserSchema,
  tokenResponseSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './auth.service.ts';

/** Sign-in for staff, professionals and affiliates, and password recovery. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/login',
    {
      onRequest: [app.limitByAddress('login')],
      schema: {
        tags: ['auth'],
        summary: 'Inicio de sesión de personal y profesionales',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => service.login(app, request.body),
  );

  app.get(
    '/user/me',
    {
      onRequest: [app.authorize()],
      schema: { tags: ['auth'], summary: 'Usuario de la sesión', response: { 200: sessionUserSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      return service.buildSessionUser(app, user);
    },
  );

  app.post(
    '/afiliados/login',
    {
      onRequest: [app.limitByAddress('afiliado-login')],
      schema: {
        tags: ['auth'],
        summary: 'Inicio de sesión de afiliados por documento',
        body: afiliadoLoginSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => service.loginAfiliado(app, request.body),
  );

  app.post(
    '/user/recover-password',
    {
      onRequest: [app.limitByAddress('recover')],
      schema: {
        tags: ['auth'],
        summary: 'Envía por mail un enlace para recuperar la contraseña',
        body: recoverPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.requestPasswordRecovery(app, request.body.email);
      return { message: MESSAGES.RECOVER_MAIL_SENT };
    },
  );

  app.put(
    '/user/restore-password',
    {
      onRequest: [app.limitByAddress('restore')],
      schema: {
        tags: ['auth'],
        summary: 'Define una nueva contraseña con el enlace recibido',
        body: restorePasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.restorePassword(app, request.body);
      return { message: MESSAGES.RESTORE_SUCCESS };
    },
  );

  app.put(
    '/user/change-password',
    {
      onRequest: [app.authorize()],
      schema: {
        tags: ['auth'],
        summary: 'Cambia la contraseña propia (devuelve un token nuevo)',
        body: changePasswordSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => service.changeOwnPassword(app, currentUser(request).id, request.body.password),
  );
};

export default authRoutes;
