import {
  activarSchema,
  desactivarSegundoFactorSchema,
  desafioSchema,
  loginActivadoSchema,
  loginCodigoSchema,
  loginResponseSchema,
  messageResponseSchema,
  recoveryCodesSchema,
  segundoFactorEstadoSchema,
  totpSetupSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, currentUser } from '../../plugins/auth.ts';
import * as service from './acceso-2fa.service.ts';
import * as login from './acceso-2fa-login.service.ts';

/** What a session that must still set up its second factor may reach (the rest answers 403). */
export const SETTING_UP = { beforeSecondFactor: true } as const;

/**
 * Two-factor sign-in under `/api/user`: the second step of a sign-in
 * (`/login/…`, with the challenge the password step answered) and the
 * account's own setting (`/2fa/…`).
 */
const usuariosSegundoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login/codigo',
    {
      onRequest: [app.limitByAddress('login-codigo')],
      schema: {
        summary: 'Segundo paso del inicio de sesión: el código de la aplicación o un código de recuperación',
        body: loginCodigoSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => login.loginWithCode(app, request.body, clientOf(request)),
  );

  app.post(
    '/login/configurar',
    {
      onRequest: [app.limitByAddress('login-configurar')],
      schema: {
        summary: 'Inicio de sesión que debe configurar la verificación en dos pasos: el secreto a escanear',
        body: desafioSchema,
        response: { 200: totpSetupSchema },
      },
    },
    async (request) => login.setupFromChallenge(app, request.body.desafio),
  );

  app.post(
    '/login/activar',
    {
      onRequest: [app.limitByAddress('login-activar')],
      schema: {
        summary:
          'Primer código de la aplicación recién configurada: activa la verificación e inicia la sesión',
        body: loginCodigoSchema,
        response: { 200: loginActivadoSchema },
      },
    },
    async (request) => login.activateFromChallenge(app, request.body, clientOf(request)),
  );

  app.get(
    '/2fa',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: {
        summary:
          'Si la cuenta tiene verificación en dos pasos, si es obligatoria, y códigos de recuperación restantes',
        response: { 200: segundoFactorEstadoSchema },
      },
    },
    async (request) => service.estado(app, currentUser(request)),
  );

  app.post(
    '/2fa/configurar',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: {
        summary: 'Un secreto nuevo para la aplicación (se activa con su primer código)',
        response: { 200: totpSetupSchema },
      },
    },
    async (request) => service.startSetup(app, currentUser(request)),
  );

  app.post(
    '/2fa/activar',
    {
      onRequest: [app.authorize(undefined, SETTING_UP)],
      schema: {
        summary:
          'Activa la verificación en dos pasos con el primer código y la contraseña actual; devuelve los códigos de recuperación',
        body: activarSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => service.activate(app, currentUser(request), request.body),
  );

  app.post(
    '/2fa/desactivar',
    {
      onRequest: [app.authorize()],
      schema: {
        summary: 'Desactiva la verificación en dos pasos (pide la contraseña actual; no si es obligatoria)',
        body: desactivarSegundoFactorSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.disable(app, currentUser(request), request.body.currentPassword),
  );
};

export default usuariosSegundoFactorRoutes;
