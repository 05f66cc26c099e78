import {
  codigoInputSchema,
  codigoPrestacionSchema,
  dryRunQuerySchema,
  grupoCodigosInputSchema,
  grupoCodigosSchema,
  idParamSchema,
  MESSAGES,
  nomencladorImportFormSchema,
  nomencladorImportResultSchema,
  nomencladorPageSchema,
  nomencladorQuerySchema,
  PERMISSIONS,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TextSniffer } from '../../lib/csv-sniffer.ts';
import { parseForm } from '../../lib/forms.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './nomenclador.service.ts';
import * as importService from './nomenclador-import.service.ts';

/**
 * `/api/nomenclador`: the code table. Anyone of the back office reads it (a
 * dentist looks codes up); NOMENCLADOR.MANAGE edits codes and groups and imports tables.
 */
const nomencladorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.BACKOFFICE_ACCESS)],
      schema: {
        summary:
          'Códigos del nomenclador por código (su comienzo) o nombre (sin distinguir acentos ni mayúsculas), y por capítulo',
        querystring: nomencladorQuerySchema,
        response: { 200: nomencladorPageSchema },
      },
    },
    async (request) => service.listCodigos(app, request.query),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Cambia el nombre, la norma, el área, las caras, la dentición o las unidades de un código',
        params: idParamSchema,
        body: codigoInputSchema,
        response: { 200: codigoPrestacionSchema },
      },
    },
    async (request) => service.updateCodigo(app, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/import',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary:
          'Importa códigos de un CSV (multipart: file; codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades). ?dryRun=true responde 200 con lo que haría y las líneas con errores sin escribir; sin él, 201 cuando el archivo entero se cargó, o 400 si alguna línea tiene errores (no se carga nada)',
        consumes: ['multipart/form-data'],
        querystring: dryRunQuerySchema,
        response: { 200: nomencladorImportResultSchema, 201: nomencladorImportResultSchema },
      },
    },
    async (request, reply) => {
      const upload = await request.receiveUpload({
        maxBytes: app.config.maxCsvBytes,
        inspect: () => new TextSniffer(),
      });
      try {
        parseForm(
          nomencladorImportFormSchema,
          { file: upload.file?.fileName },
          MESSAGES.nomenclador.FILE_REQUIRED,
        );
        const { isUtf8, isBinary } = upload.inspection!;
        const { dryRun } = request.query;
        const result = await importService.importNomenclador(
          app,
          currentUser(request),
          { ...upload.file!, isUtf8, isBinary },
          { dryRun },
        );
        return reply.status(dryRun ? 200 : 201).send(result);
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/grupos',
    {
      onRequest: [app.authorize(PERMISSIONS.BACKOFFICE_ACCESS)],
      schema: {
        summary: 'Los grupos de códigos con sus códigos',
        response: { 200: z.array(grupoCodigosSchema) },
      },
    },
    async () => service.listGrupos(app),
  );

  app.post(
    '/grupos',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Crea un grupo de códigos (el nombre no se repite)',
        body: grupoCodigosInputSchema,
        response: { 201: grupoCodigosSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGrupo(app, currentUser(request), request.body)),
  );

  app.put(
    '/grupos/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Cambia el nombre o los códigos de un grupo',
        params: idParamSchema,
        body: grupoCodigosInputSchema,
        response: { 200: grupoCodigosSchema },
      },
    },
    async (request) => service.updateGrupo(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/grupos/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: { summary: 'Elimina un grupo de códigos', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteGrupo(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default nomencladorRoutes;
