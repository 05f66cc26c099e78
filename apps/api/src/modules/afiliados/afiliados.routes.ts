import path from 'node:path';
import {
  afiliadoInputSchema,
  afiliadoProfileSchema,
  afiliadoProfileUpdateSchema,
  afiliadoSchema,
  afiliadosListQuerySchema,
  afiliadosPaginatedQuerySchema,
  afiliadoUpdateSchema,
  confirmEmailSchema,
  idParamSchema,
  importResultSchema,
  MESSAGES,
  PERMISSIONS,
  paginatedSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAfiliadoId, currentUser } from '../../plugins/auth.ts';
import * as service from './afiliados.service.ts';
import * as importService from './afiliados-import.service.ts';
import * as profileService from './afiliados-profile.service.ts';
import { receiveCsvUpload } from './csv-upload.ts';

const dryRunQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/**
 * Affiliates: staff registry (search, create, edit, delete, CSV import), the
 * dentists' exact-document check, and the affiliate's own profile.
 * Static paths (paginated, profile, import-csv, confirm-email) win over /:id.
 */
const afiliadosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/afiliados/paginated',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_GET)],
      schema: {
        tags: ['afiliados'],
        summary:
          'Página de afiliados. Con AFILIADOS.CREATE: prefijo de documento o nombre y obraSocialId; si no, solo el documento exacto',
        querystring: afiliadosPaginatedQuerySchema,
        response: { 200: paginatedSchema(afiliadoSchema) },
      },
    },
    async (request) => service.findPaginated(app, currentUser(request), request.query),
  );

  app.get(
    '/afiliados',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_GET)],
      schema: {
        tags: ['afiliados'],
        summary: 'Afiliados (las mismas reglas de búsqueda; limit por defecto 100, máximo 1000)',
        querystring: afiliadosListQuerySchema,
        response: { 200: z.array(afiliadoSchema) },
      },
    },
    async (request) => service.findList(app, currentUser(request), request.query),
  );

  app.get(
    '/afiliados/profile',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        tags: ['afiliados'],
        summary: 'Perfil del afiliado de la sesión',
        response: { 200: afiliadoProfileSchema },
      },
    },
    async (request) => profileService.getProfile(app, currentAfiliadoId(request)),
  );

  app.put(
    '/afiliados/profile',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        tags: ['afiliados'],
        summary:
          'El afiliado cambia fecha de nacimiento, email (queda pendiente hasta confirmarlo) y teléfono; "" borra',
        body: afiliadoProfileUpdateSchema,
        response: { 200: afiliadoProfileSchema },
      },
    },
    async (request) => profileService.updateProfile(app, currentAfiliadoId(request), request.body),
  );

  app.post(
    '/afiliados/confirm-email',
    {
      onRequest: [app.limitByAddress('afiliado-confirm-email')],
      schema: {
        tags: ['afiliados'],
        summary: 'Confirma el email pendiente de un afiliado con el enlace recibido',
        security: [],
        body: confirmEmailSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => profileService.confirmEmail(app, request.body.token),
  );

  app.post(
    '/afiliados/import-csv',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_CREATE)],
      schema: {
        tags: ['afiliados'],
        summary:
          'Importa afiliados de un CSV (multipart: obraSocialId, file). 201 con el resumen; ?dryRun=true responde 200 con el mismo resumen sin escribir',
        consumes: ['multipart/form-data'],
        querystring: dryRunQuerySchema,
        response: { 200: importResultSchema, 201: importResultSchema },
      },
    },
    async (request, reply) => {
      const upload = await receiveCsvUpload(request, {
        tmpRoot: path.join(app.config.dataDir, 'tmp'),
        maxBytes: app.config.maxCsvBytes,
      });
      try {
        const { dryRun } = request.query;
        const result = await importService.importCsv(app, currentUser(request), upload, { dryRun });
        return reply.status(dryRun ? 200 : 201).send(result);
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/afiliados/:id',
    {
      onRequest: [app.authorize([PERMISSIONS.AFILIADOS_GET, PERMISSIONS.AFILIADOS_CREATE])],
      schema: {
        tags: ['afiliados'],
        summary: 'Un afiliado (personal administrativo)',
        params: idParamSchema,
        response: { 200: afiliadoSchema },
      },
    },
    async (request) => service.getAfiliado(app, request.params.id),
  );

  app.post(
    '/afiliados',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_CREATE)],
      schema: {
        tags: ['afiliados'],
        summary: `Carga un afiliado (409 "${MESSAGES.afiliados.DUPLICATE}")`,
        body: afiliadoInputSchema,
        response: { 201: afiliadoSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAfiliado(app, currentUser(request), request.body)),
  );

  app.put(
    '/afiliados/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_UPDATE)],
      schema: {
        tags: ['afiliados'],
        summary: 'Modifica un afiliado (obraSocial null lo deja sin obra social)',
        params: idParamSchema,
        body: afiliadoUpdateSchema,
        response: { 200: afiliadoSchema },
      },
    },
    async (request) => service.updateAfiliado(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/afiliados/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_DELETE)],
      schema: { tags: ['afiliados'], summary: 'Elimina un afiliado', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteAfiliado(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default afiliadosRoutes;
