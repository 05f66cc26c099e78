import {
  afiliadoFichaSchema,
  afiliadoInputSchema,
  afiliadoLoginSchema,
  afiliadoProfileSchema,
  afiliadoProfileUpdateSchema,
  afiliadoSchema,
  afiliadosExportQuerySchema,
  afiliadosListQuerySchema,
  afiliadosPaginatedQuerySchema,
  afiliadoUpdateSchema,
  confirmEmailSchema,
  idParamSchema,
  importCsvFormSchema,
  importCsvQuerySchema,
  importResultSchema,
  MESSAGES,
  messageResponseSchema,
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  paginatedSchema,
  REQUIREMENTS,
  tokenResponseSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TextSniffer } from '../../lib/csv-sniffer.ts';
import { forbidden } from '../../lib/errors.ts';
import { parseForm } from '../../lib/forms.ts';
import { currentAfiliado, currentAfiliadoId, currentUser } from '../../plugins/auth.ts';
import { sendAuditedExport } from '../auditoria/audited-export.ts';
import * as service from './afiliados.service.ts';
import * as exportService from './afiliados-export.service.ts';
import * as importService from './afiliados-import.service.ts';
import * as portalService from './afiliados-portal.service.ts';

/**
 * `/api/afiliados`: the staff registry (search, create, edit, give de baja
 * and reactivate, CSV import), the dentists' exact-document check, and the affiliate's portal
 * (sign-in, own profile, e-mail confirmation). Static paths win over /:id.
 */
const afiliadosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      onRequest: [app.limitByAddress('afiliado-login')],
      schema: {
        summary: 'Inicio de sesión de afiliados por documento',
        security: [],
        body: afiliadoLoginSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => portalService.login(app, request.body, request.ip),
  );

  app.post(
    '/logout',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary: 'Cierra todas las sesiones del afiliado (y los enlaces a archivos que recibió)',
      },
    },
    async (request, reply) => {
      await portalService.logout(app, currentAfiliadoId(request), request.ip);
      // The browser drops what its HTTP cache holds of this site (the cartilla is kept there with an
      // ETag); the app deletes the offline copy itself (apps/web/src/lib/offline-copy.ts).
      return reply.header('clear-site-data', '"cache"').status(204).send();
    },
  );

  app.get(
    '/paginated',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_GET)],
      schema: {
        summary:
          'Página de afiliados. Con AFILIADOS.CREATE, UPDATE o DELETE además de GET: prefijo de documento o nombre, obraSocialId y estado (activos o baja), con email y teléfono de cada uno; con GET solo (prestadores), el documento exacto',
        querystring: afiliadosPaginatedQuerySchema,
        response: { 200: paginatedSchema(afiliadoSchema) },
      },
    },
    async (request) => service.findPaginated(app, currentUser(request), request.query),
  );

  app.get(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_GET)],
      schema: {
        summary: 'Afiliados (las mismas reglas de búsqueda; limit por defecto 100, máximo 1000)',
        querystring: afiliadosListQuerySchema,
        response: { 200: z.array(afiliadoSchema) },
      },
    },
    async (request) => service.findList(app, currentUser(request), request.query),
  );

  app.get(
    '/profile',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary: 'Perfil del afiliado de la sesión',
        response: { 200: afiliadoProfileSchema },
      },
    },
    async (request) => portalService.getProfile(app, currentAfiliado(request)),
  );

  app.put(
    '/profile',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary:
          'El afiliado cambia email (queda pendiente hasta confirmarlo) y teléfono; lo omitido no cambia, "" borra',
        body: afiliadoProfileUpdateSchema,
        response: { 200: afiliadoProfileSchema },
      },
    },
    async (request) => portalService.updateProfile(app, currentAfiliado(request), request.body),
  );

  app.post(
    '/confirm-email',
    {
      onRequest: [app.limitByAddress('afiliado-confirm-email')],
      schema: {
        summary: 'Confirma el email pendiente de un afiliado con el enlace recibido',
        security: [],
        body: confirmEmailSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => portalService.confirmEmail(app, request.body.token),
  );

  app.post(
    '/import-csv',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_CREATE)],
      schema: {
        summary:
          'Importa afiliados de un CSV (multipart: obraSocialId, file). 201 con el resumen; ?dryRun=true responde 200 con el mismo resumen sin escribir; ?bajaAusentes=true (AFILIADOS.DELETE) da de baja a los afiliados activos de la obra social que no están en el archivo (rechazado si hay filas con errores). Las líneas que cambian datos de un afiliado existente necesitan AFILIADOS.UPDATE y las que reactivan a uno dado de baja AFILIADOS.DELETE: sin ellos la importación responde 403 y la vista previa dice qué líneas (missingPermissions)',
        consumes: ['multipart/form-data'],
        querystring: importCsvQuerySchema,
        response: { 200: importResultSchema, 201: importResultSchema },
      },
    },
    async (request, reply) => {
      // Giving de baja whoever is missing from the file is the power of DELETE, not of importing;
      // what the file's lines need beyond importing is known only once it is read (the service).
      if (request.query.bajaAusentes && !currentUser(request).permissions.has(PERMISSIONS.AFILIADOS_DELETE))
        throw forbidden(
          MESSAGES.csv.BAJA_AUSENTES_NEEDS_PERMISSION(PERMISSION_DESCRIPTIONS[PERMISSIONS.AFILIADOS_DELETE]),
        );
      const upload = await request.receiveUpload({
        maxBytes: app.config.maxCsvBytes,
        inspect: () => new TextSniffer(),
      });
      try {
        const form = parseForm(
          importCsvFormSchema,
          { ...upload.fields, file: upload.file?.fileName },
          MESSAGES.csv.SELECT_BOTH,
        );
        const { isUtf8, isBinary } = upload.inspection!;
        const file = { ...upload.file!, isUtf8, isBinary };
        const { dryRun, bajaAusentes } = request.query;
        const result = await importService.importCsv(
          app,
          currentUser(request),
          { obraSocialId: form.obraSocialId, file },
          { dryRun, bajaAusentes },
        );
        return reply.status(dryRun ? 200 : 201).send(result);
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/export',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_EXPORT)],
      schema: {
        summary:
          'La lista de afiliados con su búsqueda, obra social y estado, como CSV (UTF-8 con BOM, separador , o ;) o XLSX; la exportación queda registrada',
        querystring: afiliadosExportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) =>
      sendAuditedExport(app, request, reply, (deps, caller) =>
        exportService.exportAfiliados(deps, caller, request.query),
      ),
  );

  app.get(
    '/:id',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_REGISTRY)],
      schema: {
        summary:
          'Un afiliado, con su email (confirmado y pendiente) y teléfono (quien lleva el padrón: AFILIADOS.GET con CREATE, UPDATE o DELETE)',
        params: idParamSchema,
        response: { 200: afiliadoFichaSchema },
      },
    },
    async (request) => service.getAfiliado(app, currentUser(request), request.params.id),
  );

  app.post(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.AFILIADOS_CREATE)],
      schema: {
        summary: `Carga un afiliado (409 "${MESSAGES.afiliados.DUPLICATE}")`,
        body: afiliadoInputSchema,
        response: { 201: afiliadoSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAfiliado(app, currentUser(request), request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_EDIT)],
      schema: {
        summary:
          'Modifica un afiliado (obraSocial null lo deja sin obra social; tipo DNI, Pasaporte o el que ya tiene). Un email nuevo queda pendiente hasta que se abre el enlace enviado a esa dirección, y la dirección confirmada recibe un aviso; email o telefono omitidos no cambian, "" los borra',
        params: idParamSchema,
        body: afiliadoUpdateSchema,
        response: { 200: afiliadoFichaSchema },
      },
    },
    async (request) => service.updateAfiliado(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_BAJA)],
      schema: {
        summary: `Da de baja a un afiliado: el portal lo rechaza y la cobertura figura como no vigente; se puede reactivar (409 "${MESSAGES.afiliados.ALREADY_INACTIVE}")`,
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await service.deactivateAfiliado(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/reactivar',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_BAJA)],
      schema: {
        summary: `Reactiva a un afiliado dado de baja (409 "${MESSAGES.afiliados.ALREADY_ACTIVE}")`,
        params: idParamSchema,
        response: { 200: afiliadoSchema },
      },
    },
    async (request) => service.reactivateAfiliado(app, currentUser(request), request.params.id),
  );
};

export default afiliadosRoutes;
