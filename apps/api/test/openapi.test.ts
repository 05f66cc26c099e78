import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

/**
 * The served OpenAPI document is a contract outside programs can use: a validator accepts it,
 * Redocly's recommended rules find no error in it, and a client typed from it with
 * openapi-typescript compiles.
 */
describe('the OpenAPI document', () => {
  const t = useTestApp('pglite', { admin: false });
  let doc: OpenAPI3;
  let paths: Record<string, Record<string, Operation>>;
  let operations: [string, Operation][];
  let scratch: string;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    paths = doc.paths as typeof paths;
    operations = Object.entries(paths).flatMap(([url, item]) =>
      Object.entries(item).map(
        ([method, operation]) => [`${method.toUpperCase()} ${url}`, operation] as [string, Operation],
      ),
    );
    scratch = await mkdtemp(path.join(tmpdir(), 'rd-openapi-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('is valid OpenAPI (swagger-parser)', async () => {
    // validate() dereferences the object it is given.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: path.join(scratch, 'openapi.json'),
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`)).toEqual([]);
    // What is left are warnings the routes' addresses and the project make: static and parameter
    // segments at the same place, no license; and no 4xx where nothing can be refused.
    const warned = new Set(problems.map((p) => p.ruleId));
    expect(
      [...warned].filter(
        (rule) => !['no-ambiguous-paths', 'info-license', 'operation-4xx-response'].includes(rule),
      ),
    ).toEqual([]);
    const nothingToRefuse = ([, op]: [string, Operation]) =>
      op.security?.length === 0 && !op.parameters && !op.requestBody;
    const without4xx = operations.filter(
      ([, op]) => !Object.keys(op.responses).some((status) => status.startsWith('4')),
    );
    expect(without4xx.filter((operation) => !nothingToRefuse(operation)).map(([name]) => name)).toEqual([]);
  });

  it('names every operation once, after its area, verb and path', () => {
    const ids = operations.map(([, op]) => op.operationId ?? '');
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(paths['/api/afiliados/{id}']?.get?.operationId).toBe('afiliadosGetById');
  });

  it('documents the refusals each route gives, with the shared error body', () => {
    const error = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
    expect(doc.components?.schemas?.Error).toMatchObject({ required: ['error', 'code'] });
    const statuses = (op: unknown) => Object.keys((op as Operation).responses);
    // Signed in, with a path parameter.
    expect(statuses(paths['/api/afiliados/{id}']?.get)).toEqual(['200', '400', '401', '403', '404']);
    expect(paths['/api/afiliados/{id}']?.get?.responses['404']?.content).toEqual(error);
    // Public and limited by address.
    const login = paths['/api/afiliados/login']?.post;
    expect(login?.security).toEqual([]);
    expect(statuses(login)).toEqual(expect.arrayContaining(['400', '429']));
    expect(statuses(login)).not.toContain('401');
    // An upload.
    expect(statuses(paths['/api/afiliados/import-csv']?.post)).toEqual(
      expect.arrayContaining(['400', '401', '403', '413', '415']),
    );
    // Every operation under the document's bearer scheme can be refused a session and a permission.
    const unrefused = operations.filter(
      ([, op]) => op.security === undefined && !('401' in op.responses && '403' in op.responses),
    );
    expect(unrefused.map(([name]) => name)).toEqual([]);
  });

  it('types a client (openapi-typescript) that compiles', async () => {
    const types = astToString(await openapiTS(doc, { silent: true }));
    await writeFile(path.join(scratch, 'api.ts'), types);
    // The client's package, reachable from the scratch folder as from a project of its own.
    const fetchPackage = path.dirname(path.dirname(fileURLToPath(import.meta.resolve('openapi-fetch'))));
    await mkdir(path.join(scratch, 'node_modules'));
    await symlink(fetchPackage, path.join(scratch, 'node_modules', 'openapi-fetch'), 'dir');
    const client = path.join(scratch, 'client.ts');
    await writeFile(
      client,
      `import createClient from 'openapi-fetch';
import type { components, operations, paths } from './api.ts';

const client = createClient<paths>({ baseUrl: 'https://reddental.test' });

export async function activeAffiliates(obraSocialId: number) {
  const { data, error } = await client.GET('/api/afiliados', {
    params: { query: { obraSocialId, estado: 'activos', limit: 20 } },
  });
  if (error) return error.code;
  return data.map((afiliado) => afiliado.documento.trim());
}

export const refused: components['schemas']['Error'] = { error: 'No', code: 'SIN_PERMISO', fields: { a: 'b' } };
type GetById = operations['afiliadosGetById'];
export const notFound: GetById['responses'][404]['content']['application/json']['code'] = 'NO_ENCONTRADO';

// @ts-expect-error: the document has no such address
client.GET('/api/no-existe');
// @ts-expect-error: estado takes only the values the route knows
client.GET('/api/afiliados', { params: { query: { estado: 'todos' } } });
`,
    );
    const program = ts.createProgram([client], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });
});
