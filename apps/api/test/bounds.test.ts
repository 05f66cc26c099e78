import { MESSAGES } from '@red-dental/contracts';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from './helpers.ts';

/** Every route that takes an id in its path, with a body it would accept otherwise. */
const ID_ROUTES: [method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown][] = [
  ['GET', '/api/afiliados/{id}'],
  [
    'PUT',
    '/api/afiliados/{id}',
    { nombre: 'Ana', tipoDocumento: 'DNI', documento: '30123456', obraSocial: null },
  ],
  ['DELETE', '/api/afiliados/{id}'],
  ['PUT', '/api/obra-sociales/{id}', { nombre: 'Obra', telefono: [], mail: [] }],
  ['DELETE', '/api/obra-sociales/{id}'],
  ['GET', '/api/user/{id}'],
  ['PUT', '/api/user/{id}', { roles: [] }],
  ['PUT', '/api/user/solicitudes/{id}', {}],
  ['DELETE', '/api/user/rechazar/{id}'],
];

describe.each(BACKENDS)('bounds of ids, pages and text (%s)', (backend) => {
  const t = useTestApp(backend);

  it.each(ID_ROUTES)(
    '%s %s answers 400 or 404 for ids past the largest row id, never 500',
    async (method, path, body) => {
      for (const id of ['2147483647', '2147483648', '99999999999999999999', '1e400']) {
        const res = await t.inject(method, path.replace('{id}', id), t.admin, body);
        expect([400, 404], `${method} ${path} with ${id}: ${res.body}`).toContain(res.statusCode);
        expect(res.json().error).toEqual(expect.any(String));
      }
    },
  );

  it('refuses a page index no table can reach', async () => {
    const res = await t.inject('GET', '/api/afiliados/paginated?pageIndex=99999999999&pageSize=100', t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDACION');
  });

  it('refuses a referenced insurer id past the largest row id with a 400', async () => {
    const res = await t.inject('POST', '/api/afiliados', t.admin, {
      nombre: 'Ana Pérez',
      tipoDocumento: 'DNI',
      documento: '30123499',
      obraSocial: { id: 2 ** 31 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('obraSocial.id');
  });

  it('refuses a NUL character in a query string', async () => {
    const search = await t.inject('GET', '/api/afiliados/paginated?search=Ana%00', t.admin);
    expect(search.statusCode).toBe(400);
    expect(search.json().fields).toEqual({ search: MESSAGES.TEXT_INVALID });
  });

  it.each([
    ['a NUL character', 'Obra\u0000Social'],
    ['a lone high surrogate', 'Obra Social \uD83D'],
    ['a lone low surrogate', '\uDE00 Obra Social'],
  ])('refuses text with %s in any field with a Spanish 400', async (name, bad) => {
    const login = await t.inject('POST', '/api/user/login', undefined, {
      user: `ana${bad}@example.com`,
      pass: 'x',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      error: MESSAGES.TEXT_INVALID,
      code: 'VALIDACION',
      fields: { user: MESSAGES.TEXT_INVALID },
    });
    const insurer = await t.inject('POST', '/api/obra-sociales', t.admin, {
      nombre: 'Bien',
      telefono: [bad],
      mail: [],
    });
    expect(insurer.statusCode).toBe(400);
    expect(insurer.json().fields).toEqual({ 'telefono.0': MESSAGES.TEXT_INVALID });
    // A well-formed pair (an emoji) is ordinary text.
    const emoji = await t.inject('POST', '/api/obra-sociales', t.admin, {
      nombre: `Sonrisas 😀 ${name}`,
      telefono: [],
      mail: [],
    });
    expect(emoji.statusCode).toBe(201);
  });
});
