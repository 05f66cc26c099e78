import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_CODES, errorBodySchema } from '@red-dental/contracts';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What a guard (an onRequest hook) may refuse with, and whether it asks for a session. */
export interface GuardAnswers {
  statuses: readonly number[];
  /** The guard reads a bearer token: the routes it guards are not public. */
  signedIn: boolean;
}

const GUARD_ANSWERS = Symbol('guard answers');

/**
 * Marks a guard with the refusals it answers, so that the OpenAPI document lists them on every
 * route it guards (and calls public the routes no session guard stands in front of).
 */
export function documentedGuard<T extends object>(guard: T, answers: GuardAnswers): T {
  return Object.assign(guard, { [GUARD_ANSWERS]: answers });
}

/** What each refusal means, with the codes its body may carry. */
const REFUSALS: Record<number, string> = {
  400: `Petición inválida: ${ERROR_CODES.VALIDATION} (en fields, el mensaje de cada campo), ${ERROR_CODES.MALFORMED_JSON} (el cuerpo no es JSON) o ${ERROR_CODES.INVALID_TOKEN} (un enlace de un solo uso desconocido, usado o vencido)`,
  401: `Sin sesión, o con la sesión vencida: ${ERROR_CODES.UNAUTHENTICATED}`,
  403: `Sin permiso: ${ERROR_CODES.FORBIDDEN}, o ${ERROR_CODES.SECOND_FACTOR_REQUIRED} si la cuenta debe configurar un segundo factor`,
  404: `No existe: ${ERROR_CODES.NOT_FOUND}`,
  413: `Demasiado grande: ${ERROR_CODES.PAYLOAD_TOO_LARGE}`,
  415: `Tipo de contenido no admitido: ${ERROR_CODES.UNSUPPORTED_MEDIA}`,
  429: `Demasiados intentos: ${ERROR_CODES.RATE_LIMITED}; Retry-After dice en cuántos segundos volver a probar`,
};

/** The header a 429 carries. */
const RETRY_AFTER = { type: 'integer', minimum: 1, description: 'Segundos hasta poder volver a probar' };

type JsonSchema = Record<string, unknown>;

/** The route's own onRequest and preHandler hooks (a single function or a list). */
function guardsOf(route: RouteOptions): GuardAnswers[] {
  return [route.onRequest, route.preValidation, route.preHandler]
    .flat()
    .map((hook) => (hook as { [GUARD_ANSWERS]?: GuardAnswers } | undefined)?.[GUARD_ANSWERS])
    .filter((answers) => answers !== undefined);
}

/** The 4xx answers a route really gives: from its schemas, its path, its guards and what it reads. */
function refusalsOf(route: RouteOptions, schema: JsonSchema, guards: GuardAnswers[]): number[] {
  const upload = [schema.consumes].flat().includes('multipart/form-data');
  const statuses = new Set(guards.flatMap((guard) => guard.statuses));
  if (schema.body || schema.querystring || schema.params || upload) statuses.add(400);
  if (/[:*]/.test(route.url)) statuses.add(404);
  // A JSON body past the body limit, an upload past its own; a content type the route does not read.
  if (schema.body || upload) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}

/**
 * OpenAPI 3.0 applies `nullable` only beside a `type`; zod writes it beside `anyOf` for a nullable
 * union. The null becomes a member of the union instead, which @fastify/swagger then writes as
 * OpenAPI 3.0's null schema.
 */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeNullables(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonSchema;
  for (const value of Object.values(schema)) typeNullables(value);
  if (schema.nullable !== true || 'type' in schema) return;
  delete schema.nullable;
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (union) union.push({ type: 'null' });
  else if (Object.keys(schema).length > 0) {
    const rest = { ...schema };
    for (const key of Object.keys(schema)) delete schema[key];
    schema.anyOf = [rest, { type: 'null' }];
  }
}

/**
 * A querystring of free names (a record) cannot be spread into one parameter per property:
 * it is one exploded object parameter, OpenAPI's form for "any other query parameter".
 */
function freeQuery(querystring: JsonSchema): JsonSchema {
  if (querystring.properties || querystring.anyOf || querystring.oneOf || querystring.allOf)
    return querystring;
  return { type: 'object', style: 'form', explode: true, properties: { query: querystring } };
}

/** Fastify's `*` (the rest of the path, slashes included) as a named path parameter. */
const WILDCARD = 'path';

function nameWildcard(params: JsonSchema): JsonSchema {
  const properties = params.properties as Record<string, JsonSchema> | undefined;
  if (!properties?.['*']) return params;
  const { '*': rest, ...others } = properties;
  const required = (params.required as string[] | undefined)?.map((name) => (name === '*' ? WILDCARD : name));
  return {
    ...params,
    properties: {
      ...others,
      [WILDCARD]: { description: 'El resto de la dirección, barras incluidas', ...rest },
    },
    ...(required ? { required } : {}),
  };
}

/** The words a path segment reads as: a parameter `:id` (or the wildcard) as `by id`. */
function wordsOf(segment: string): string[] {
  if (segment === '*') return ['by', WILDCARD];
  const parameter = segment.startsWith(':') ? segment.slice(1).replace(/\(.*$/, '') : undefined;
  const words = (parameter ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
  return parameter === undefined ? words : ['by', ...words];
}

/** camelCase of words: `['obras-sociales', 'get', ':id']` → `obrasSocialesGetById`. */
function camel(words: string[]): string {
  return words
    .flatMap(wordsOf)
    .map((word, i) => (i === 0 ? word[0]!.toLowerCase() : word[0]!.toUpperCase()) + word.slice(1))
    .join('');
}

const segments = (path: string) => path.split('/').filter(Boolean);

type RegisteredRoute = RouteOptions & { prefix?: string };

const areaOf = (route: RouteOptions) => route.schema?.tags?.[0];

/**
 * Names the operations of one generation of the document: the area (the tag), the verb and the
 * path within the area's prefix, as in `afiliadosPostImportCsv` or `usuariosGetInvitacionesByToken`.
 * An area registered under several prefixes names the prefix too (`rolesGetPermisos`,
 * `rolesGetRoles`). Ids that routes declare themselves are never handed out again.
 */
function operationNamer(routes: readonly RegisteredRoute[]) {
  const prefixes = new Map<string | undefined, Set<string>>();
  for (const route of routes) {
    const area = areaOf(route);
    prefixes.set(area, (prefixes.get(area) ?? new Set()).add(route.prefix ?? ''));
  }
  const taken = new Set(routes.map((route) => route.schema?.operationId));
  return (route: RegisteredRoute) => {
    const area = areaOf(route);
    const prefix = route.prefix ?? '';
    const shared = (prefixes.get(area)?.size ?? 0) > 1;
    const base = camel([
      area ?? '',
      ...[route.method].flat().map((method) => method.toLowerCase()),
      ...(shared ? segments(prefix).slice(-1) : []),
      ...segments(route.url.slice(prefix.length)),
    ]);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
    taken.add(id);
    return id;
  };
}

/**
 * The answers the document gives an operation: those the route declares; a 2xx when it declares
 * none (which one, and its body, are the route's own); and each refusal it does not declare,
 * with the shared error body.
 */
function withRefusals(declared: Record<string, JsonSchema>, refusals: number[]): Record<string, JsonSchema> {
  const describesSuccess = Object.keys(declared).some((status) => status.startsWith('2'));
  const answers: Record<string, JsonSchema> = describesSuccess
    ? { ...declared }
    : { '2XX': { type: 'null', description: 'Hecho (el cuerpo, si lo hay, no está descrito)' }, ...declared };
  for (const status of refusals) {
    if (answers[status]) continue;
    answers[status] = {
      description: REFUSALS[status] ?? 'Petición rechazada',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      ...(status === 429 ? { headers: { 'retry-after': RETRY_AFTER } } : {}),
    };
  }
  return answers;
}

/**
 * The routes' zod schemas as JSON Schema (jsonSchemaTransform), completed into an operation outside
 * tools accept: an operationId, the 4xx answers with the shared error body, `security: []` on
 * public routes, and what OpenAPI 3.0 cannot say as zod writes it (nullable unions, a free
 * querystring, the `*` wildcard) said its way.
 */
function documentRoutes(routes: readonly RegisteredRoute[]): SwaggerTransform {
  // Each generation of the document names its operations afresh.
  const namers = new WeakMap<object, ReturnType<typeof operationNamer>>();
  return (document) => {
    const { route } = document;
    const result = jsonSchemaTransform(document);
    const schema = (result.schema ?? {}) as JsonSchema;
    if (schema.hide) return result;

    for (const part of ['body', 'querystring', 'params', 'headers', 'response']) typeNullables(schema[part]);
    if (schema.querystring) schema.querystring = freeQuery(schema.querystring as JsonSchema);
    if (schema.params) schema.params = nameWildcard(schema.params as JsonSchema);

    const generation = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
    if (!namers.has(generation)) namers.set(generation, operationNamer(routes));
    schema.operationId ??= namers.get(generation)!(route);

    const guards = guardsOf(route);
    if (!guards.some((guard) => guard.signedIn)) schema.security ??= [];
    schema.response = withRefusals(
      (schema.response ?? {}) as Record<string, JsonSchema>,
      refusalsOf(route, schema, guards),
    );
    return { schema, url: route.url.replace('*', `:${WILDCARD}`) };
  };
}

/** The OpenAPI document, generated from the routes' zod schemas, at /api/openapi.json and browsable at /api/docs. */
export default fp(
  async (app: FastifyInstance) => {
    // Every route as registered (with its prefix), for the names of its area's operations.
    const routes: RegisteredRoute[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Red Dental API',
          version: '1.0.0',
          description: 'API de Red Dental. Errores: { error, code, fields? }.',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
          schemas: { Error: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) as JsonSchema },
        },
        security: [{ bearer: [] }],
      },
      transform: documentRoutes(routes),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

/**
 * Registers an area's routes so that each carries the area's name as its OpenAPI tag: the document
 * groups operations by area and names each operation after it. app.ts wraps every routes file in it.
 */
export function inArea(area: string, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: [area] };
    });
    await app.register(routes);
  };
}
