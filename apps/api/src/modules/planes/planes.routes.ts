import {
  idParamSchema,
  MESSAGES,
  messageResponseSchema,
  PERMISSIONS,
  planesQuerySchema,
  planInputSchema,
  planSchema,
  reglaInputSchema,
  reglaParamsSchema,
  reglaSchema,
  reglasImportFormSchema,
  reglasImportResultSchema,
  reglasQuerySchema,
  simulableQuerySchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TextSniffer } from '../../lib/csv-sniffer.ts';
import { parseForm } from '../../lib/forms.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './planes.service.ts';
import * as importService from './planes-import.service.ts';
import * as reglas from './planes-reglas.service.ts';

const M = MESSAGES.planes;

/**
 * `/api/planes`: the insurers' plans and each plan's dated rules. Anyone of
 * the back office reads them (a dentist sees what a plan covers);
 * NOMENCLADOR.MANAGE keeps them.
 */
const planesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.BACKOFFICE_ACCESS)],
      schema: {
        summary:
          'Los planes de las obras sociales (de una, con obraSocialId), con cuántas reglas y afiliados tienen',
        querystring: planesQuerySchema,
        response: { 200: z.array(planSchema) },
      },
    },
    async (request) => service.listPlanes(app, request.query.obraSocialId),
  );

  app.post(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Crea un plan de una obra social (su código no se repite en la obra social)',
        body: planInputSchema,
        response: { 201: planSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPlan(app, currentUser(request), request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Cambia el código o el nombre de un plan (no su obra social)',
        params: idParamSchema,
        body: planInputSchema,
        response: { 200: planSchema },
      },
    },
    async (request) => service.updatePlan(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Elimina un plan sin afiliados, con sus reglas (409 si algún afiliado lo tiene)',
        params: idParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.deletePlan(app, currentUser(request), request.params.id);
      return { message: M.DELETED };
    },
  );

  app.get(
    '/:id/reglas',
    {
      onRequest: [app.authorize(PERMISSIONS.BACKOFFICE_ACCESS)],
      schema: {
        summary:
          'Las reglas del plan vigentes en una fecha (aaaa-mm-dd), o todas sus versiones sin ella; cada una con su texto en castellano',
        params: idParamSchema,
        querystring: reglasQuerySchema,
        response: { 200: z.array(reglaSchema) },
      },
    },
    async (request) => reglas.listReglas(app, request.params.id, request.query.fecha),
  );

  app.post(
    '/:id/reglas',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary:
          'Agrega una regla al plan, sobre un código (02.01), un grupo (grupo:Obturaciones) o un capítulo (capitulo:05); 409 si se superpone con otra del mismo objetivo',
        params: idParamSchema,
        body: reglaInputSchema,
        response: { 201: reglaSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reglas.createRegla(app, currentUser(request), request.params.id, request.body)),
  );

  app.put(
    '/:id/reglas/:reglaId',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Cambia una regla del plan; 409 si se superpone con otra del mismo objetivo',
        params: reglaParamsSchema,
        body: reglaInputSchema,
        response: { 200: reglaSchema },
      },
    },
    async (request) =>
      reglas.updateRegla(app, currentUser(request), request.params.id, request.params.reglaId, request.body),
  );

  app.delete(
    '/:id/reglas/:reglaId',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Elimina una regla del plan',
        params: reglaParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await reglas.deleteRegla(app, currentUser(request), request.params.id, request.params.reglaId);
      return { message: M.REGLA_DELETED };
    },
  );

  app.get(
    '/:id/reglas/export',
    {
      onRequest: [app.authorize(PERMISSIONS.BACKOFFICE_ACCESS)],
      schema: {
        summary:
          'Todas las versiones de las reglas del plan como CSV (separado por ;, UTF-8 con BOM), con las columnas que lee la importación',
        params: idParamSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await reglas.exportReglas(app, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.post(
    '/:id/reglas/import',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary:
          'Importa reglas del plan de un CSV (multipart: file; objetivo;cubre;cobertura_pct;coseguro;requiere_autorizacion;adjuntos;frecuencia;periodo_dias;ambito;mismo_prestador;edad_min;edad_max;carencia_dias;tope_mensual;garantia_meses;vigente_desde;vigente_hasta). ?dryRun=true responde 200 con lo que haría sin escribir; ?simular=true además lo escribe en una transacción que se deshace y responde qué cambiaría en las prestaciones de los últimos tres meses, por obra social y código de débito; sin él, 201 cuando el archivo entero se cargó, o 400 si alguna línea tiene errores (no se carga nada)',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        querystring: simulableQuerySchema,
        response: { 200: reglasImportResultSchema, 201: reglasImportResultSchema },
      },
    },
    async (request, reply) => {
      const upload = await request.receiveUpload({
        maxBytes: app.config.maxCsvBytes,
        inspect: () => new TextSniffer(),
      });
      try {
        parseForm(reglasImportFormSchema, { file: upload.file?.fileName }, M.FILE_REQUIRED);
        const { isUtf8, isBinary } = upload.inspection!;
        const { dryRun, simular } = request.query;
        const result = await importService.importReglas(
          app,
          currentUser(request),
          request.params.id,
          { ...upload.file!, isUtf8, isBinary },
          { dryRun, simular },
        );
        return reply.status(dryRun || simular ? 200 : 201).send(result);
      } finally {
        await upload.cleanup();
      }
    },
  );
};

export default planesRoutes;
