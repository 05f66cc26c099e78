import {
  exportFormatSchema,
  idParamSchema,
  obraSocialInputSchema,
  obraSocialRefSchema,
  obraSocialSchema,
  PERMISSIONS,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { sendAuditedExport } from '../auditoria/audited-export.ts';
import * as service from './obras-sociales.service.ts';
import * as exportService from './obras-sociales-export.service.ts';

/** `/api/obra-sociales`: insurers (obras sociales): full list with affiliate counts, short list for selects, create, edit, delete. */
const obrasSocialesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.OBRA_SOCIALES_GET)],
      schema: {
        summary: 'Obras sociales con mails, teléfonos y cantidad de afiliados',
        response: { 200: z.array(obraSocialSchema) },
      },
    },
    async () => service.listObrasSociales(app),
  );

  app.get(
    '/export',
    {
      onRequest: [app.authorize(PERMISSIONS.OBRA_SOCIALES_GET)],
      schema: {
        summary:
          'Las obras sociales con teléfonos, mails y cantidad de afiliados, como CSV o XLSX; la exportación queda registrada',
        querystring: exportFormatSchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) =>
      sendAuditedExport(app, request, reply, (deps, caller) =>
        exportService.exportObrasSociales(deps, caller, request.query),
      ),
  );

  app.get(
    '/list',
    {
      onRequest: [app.authorize()],
      schema: {
        summary: 'Lista corta {id, nombre} ordenada por nombre (cualquier usuario con sesión)',
        response: { 200: z.array(obraSocialRefSchema) },
      },
    },
    async () => service.listShort(app),
  );

  app.post(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.OBRA_SOCIALES_CREATE)],
      schema: {
        summary: 'Crea una obra social (409 si el nombre ya existe)',
        body: obraSocialInputSchema,
        response: { 201: obraSocialSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createObraSocial(app, currentUser(request), request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.OBRA_SOCIALES_UPDATE)],
      schema: {
        summary: 'Modifica una obra social',
        params: idParamSchema,
        body: obraSocialInputSchema,
        response: { 200: obraSocialSchema },
      },
    },
    async (request) => service.updateObraSocial(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.OBRA_SOCIALES_DELETE)],
      schema: {
        summary: 'Da de baja una obra social: sus afiliados quedan sin obra social',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await service.deleteObraSocial(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default obrasSocialesRoutes;
