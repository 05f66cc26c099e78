import { randomUUID } from 'node:crypto';
import { storableInputSchema } from '@red-dental/contracts';
import Fastify, { type FastifyLoggerOptions, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { serializeError, serializeRequest } from './lib/log.ts';
import accesoRoutes from './modules/acceso/acceso.routes.ts';
import afiliadosRoutes from './modules/afiliados/afiliados.routes.ts';
import auditoriaRoutes from './modules/auditoria/auditoria.routes.ts';
import auditorRoutes from './modules/autorizaciones/auditoria-odontologica.routes.ts';
import autorizacionesRoutes from './modules/autorizaciones/autorizaciones.routes.ts';
import cartillaRoutes from './modules/cartilla/cartilla.routes.ts';
import lineasRoutes from './modules/cierre/lineas.routes.ts';
import liquidacionesRoutes from './modules/cierre/liquidaciones.routes.ts';
import lotesRoutes from './modules/cierre/lotes.routes.ts';
import periodosRoutes from './modules/cierre/periodos.routes.ts';
import conveniosRoutes from './modules/convenios/convenios.routes.ts';
import especialidadesRoutes from './modules/especialidades/especialidades.routes.ts';
import filesRoutes from './modules/files/files.routes.ts';
import geocodingRoutes from './modules/geocoding/geocoding.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import misDatosAfiliadoRoutes from './modules/mis-datos/mis-datos-afiliado.routes.ts';
import misDatosCuentaRoutes from './modules/mis-datos/mis-datos-cuenta.routes.ts';
import nomencladorRoutes from './modules/nomenclador/nomenclador.routes.ts';
import notificacionesRoutes from './modules/notificaciones/notificaciones.routes.ts';
import obrasSocialesRoutes from './modules/obras-sociales/obras-sociales.routes.ts';
import planesRoutes from './modules/planes/planes.routes.ts';
import prestacionesRoutes from './modules/prestaciones/prestaciones.routes.ts';
import prestacionesAfiliadoRoutes from './modules/prestaciones/prestaciones-afiliado.routes.ts';
import profesionalesRoutes from './modules/profesionales/profesionales.routes.ts';
import recordatoriosRoutes from './modules/profesionales/profesionales-recordatorios.routes.ts';
import { scheduleReminders } from './modules/profesionales/profesionales-recordatorios.service.ts';
import registroRoutes from './modules/registro/registro.routes.ts';
import reportesRoutes from './modules/reportes/reportes.routes.ts';
import reportesProfesionalesRoutes from './modules/reportes/reportes-profesionales.routes.ts';
import rolesRoutes from './modules/roles/roles.routes.ts';
import permisosRoutes from './modules/roles/roles-permisos.routes.ts';
import tableroRoutes from './modules/tablero/tablero.routes.ts';
import tokenAfiliadoRoutes from './modules/token-afiliado/token-afiliado.routes.ts';
import usuariosRoutes from './modules/usuarios/usuarios.routes.ts';
import zonasRoutes from './modules/zonas/zonas.routes.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin, { clientErrorHandler, frameworkErrorHandler } from './plugins/errors.ts';
import fileLinksPlugin from './plugins/file-links.ts';
import mailPlugin from './plugins/mail/mail.plugin.ts';
import metricsPlugin from './plugins/metrics.ts';
import openapiPlugin, { inArea } from './plugins/openapi.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import requestTimeoutsPlugin, { type RequestTimeouts, requestTimeouts } from './plugins/request-timeouts.ts';
import securityPlugin from './plugins/security.ts';
import spaPlugin from './plugins/spa.ts';
import storagePlugin from './plugins/storage/index.ts';
import uploadsPlugin from './plugins/uploads.ts';

// Spanish default messages for every validation without a message of its own.
z.config(z.locales.es());

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Close the database with the app (the server does; tests share theirs). */
  closeDatabase?: boolean;
  /** Run the mail worker loop (tests drive it with app.mail.drain()). */
  startMailWorker?: boolean;
  /** false for none; otherwise options merged over the app's (level and the redacting request serializer). */
  logger?: false | FastifyLoggerOptions;
  webRoot?: string;
  /** Over the limits derived from the config (tests shrink them). */
  timeouts?: Partial<RequestTimeouts>;
}

/**
 * A request id a trusted proxy may hand on: short and plain, so it goes into
 * logs and the answer's header as it is. Anything else gets a fresh one.
 */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** JSON bodies; each file upload route declares its own limit (plugins/uploads.ts). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Trusts the `hops` proxies nearest to the server, as proxy-addr counts them. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Builds the whole app: plugins first, then every area's routes under `/api` with the URL prefix
 * the areas table of docs/architecture.md gives it (the route map), each wrapped in `inArea` so
 * its operations carry the area's name.
 */
export async function buildApp(options: BuildOptions) {
  const { config } = options;
  const timeouts = { ...requestTimeouts(config), ...options.timeouts };
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequest, err: serializeError },
            ...options.logger,
          },
    // A hop count becomes the function Fastify would build from it (its types take no number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // A client slow to send its request is cut off; uploads get the longest budget, other bodies a
    // shorter one (plugins/request-timeouts.ts). No socket idle timeout: an import may run minutes.
    requestTimeout: timeouts.uploadMs,
    http: {
      requestTimeout: timeouts.uploadMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    // Only behind a trusted proxy, and only when well formed, does the client's x-request-id become the id.
    genReqId: (raw) => {
      const forwarded = config.trustProxy !== false ? raw.headers['x-request-id'] : undefined;
      return typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : randomUUID();
    },
    requestIdHeader: false,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // Every request part is first checked for text PostgreSQL cannot store, then by its route's schema.
  app.setValidatorCompiler(({ schema, ...route }) =>
    validatorCompiler({ ...route, schema: storableInputSchema.pipe(schema as z.ZodType) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  // Every route as Fastify registers it, with its contract: the authorization matrix and the bad-input
  // suite are generated from it (apps/api/test/authorization.test.ts, bad-input.ts).
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema ?? {} });
  });
  app.decorate('routeTable', routeTable as readonly RouteEntry[]);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorsPlugin);
  await app.register(requestTimeoutsPlugin, { bodyMs: timeouts.bodyMs });
  await app.register(dbPlugin, {
    config,
    database: options.database,
    closeDatabase: options.closeDatabase ?? false,
  });
  await app.register(storagePlugin);
  await app.register(securityPlugin);
  await app.register(uploadsPlugin);
  await app.register(openapiPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(fileLinksPlugin);
  await app.register(metricsPlugin);
  await app.register(mailPlugin, { startWorker: options.startMailWorker ?? true });
  // Background work runs with the mail worker: tests that do not start it run passes by hand.
  if (options.startMailWorker ?? true) scheduleReminders(app);

  await app.register(
    async (api) => {
      await api.register(inArea('health', healthRoutes), { prefix: '/health' });
      await api.register(inArea('acceso', accesoRoutes), { prefix: '/user' });
      await api.register(inArea('usuarios', usuariosRoutes), { prefix: '/user' });
      await api.register(inArea('registro', registroRoutes), { prefix: '/registro' });
      await api.register(inArea('roles', permisosRoutes), { prefix: '/permisos' });
      await api.register(inArea('roles', rolesRoutes), { prefix: '/roles' });
      await api.register(inArea('afiliados', afiliadosRoutes), { prefix: '/afiliados' });
      await api.register(inArea('mis-datos', misDatosAfiliadoRoutes), { prefix: '/afiliados' });
      await api.register(inArea('token-afiliado', tokenAfiliadoRoutes), { prefix: '/afiliados' });
      await api.register(inArea('obras-sociales', obrasSocialesRoutes), { prefix: '/obra-sociales' });
      await api.register(inArea('nomenclador', nomencladorRoutes), { prefix: '/nomenclador' });
      await api.register(inArea('convenios', conveniosRoutes), { prefix: '/convenios' });
      await api.register(inArea('planes', planesRoutes), { prefix: '/planes' });
      await api.register(inArea('prestaciones', prestacionesRoutes), { prefix: '/prestaciones' });
      await api.register(inArea('prestaciones', prestacionesAfiliadoRoutes), { prefix: '/afiliados' });
      await api.register(inArea('autorizaciones', autorizacionesRoutes), { prefix: '/autorizaciones' });
      await api.register(inArea('autorizaciones', auditorRoutes), { prefix: '/auditoria-odontologica' });
      await api.register(inArea('cierre', periodosRoutes), { prefix: '/periodos' });
      await api.register(inArea('cierre', liquidacionesRoutes), { prefix: '/liquidaciones' });
      await api.register(inArea('cierre', lotesRoutes), { prefix: '/lotes' });
      await api.register(inArea('cierre', lineasRoutes), { prefix: '/lineas' });
      await api.register(inArea('profesionales', profesionalesRoutes), { prefix: '/profesionales' });
      await api.register(inArea('profesionales', recordatoriosRoutes), { prefix: '/profesionales' });
      await api.register(inArea('mis-datos', misDatosCuentaRoutes), { prefix: '/profesionales' });
      await api.register(inArea('cartilla', cartillaRoutes), { prefix: '/profesionales' });
      await api.register(inArea('reportes', reportesProfesionalesRoutes), { prefix: '/profesionales' });
      await api.register(inArea('especialidades', especialidadesRoutes), { prefix: '/especialidades' });
      await api.register(inArea('zonas', zonasRoutes), { prefix: '/zonas' });
      await api.register(inArea('geocoding', geocodingRoutes), { prefix: '/geocode' });
      await api.register(inArea('notificaciones', notificacionesRoutes), { prefix: '/notificaciones' });
      await api.register(inArea('files', filesRoutes), { prefix: '/files' });
      await api.register(inArea('auditoria', auditoriaRoutes), { prefix: '/auditoria' });
      await api.register(inArea('reportes', reportesRoutes), { prefix: '/reportes' });
      await api.register(inArea('tablero', tableroRoutes), { prefix: '/tablero' });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, {
    root: options.webRoot,
    publicConfig: {
      tileUrl: config.tileUrl,
      affiliateLoginBirthdate: config.affiliateLoginBirthdate,
      serviceWorker: config.serviceWorker,
      contactEmail: config.networkContactEmail,
    },
    serveSourceMaps: config.env !== 'production',
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** A registered route: method, URL pattern and the schemas its requests are checked with. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in registration order. */
    routeTable: readonly RouteEntry[];
  }
}
