import { emptySchedule } from '@red-dental/contracts';
import { buildPdf } from '@red-dental/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afiliadoAuth,
  createAfiliado,
  createObraSocial,
  multipart,
} from '../src/modules/afiliados/afiliados.factories.ts';
import { createDentist } from '../src/modules/profesionales/profesionales.factories.ts';
import {
  ADMIN,
  apiCaller,
  createTestApp,
  loginAs,
  randomAddress,
  signInWithRole,
  type TestContext,
} from './helpers.ts';
import { CALLERS, type Caller, concrete, MATRIX } from './route-matrix.ts';

/** A complete, valid profile body, so a refusal is about whose record it is and not about the body. */
function validProfile(p: { nombre: string; email: string }) {
  return {
    nombre: p.nombre,
    razonSocial: 'Consultorio Intruso',
    email: p.email,
    telefono: '011 4800-1234',
    especialidades: [],
    obrasSociales: [],
    horarios: emptySchedule(),
    guardias: emptySchedule(),
  };
}

describe('the authorization matrix', () => {
  let ctx: TestContext;
  const inject = apiCaller(() => ctx.app);
  const auth: Record<Caller, Record<string, string>> = {
    anonymous: {},
    afiliado: {},
    dentist: {},
    staff: {},
    admin: {},
  };

  /** Fresh sessions for every kind of caller (a logout ends the one it is knocked with). */
  let signInAll: () => Promise<void>;

  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    const dentist = await createDentist(ctx.app, await loginAs(ctx.app, ADMIN.email, ADMIN.password));
    const os = await createObraSocial(ctx.app, await loginAs(ctx.app, ADMIN.email, ADMIN.password));
    const afiliado = await createAfiliado(
      ctx.app,
      await loginAs(ctx.app, ADMIN.email, ADMIN.password),
      os.id,
    );
    signInAll = async () => {
      auth.admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
      auth.staff = await signInWithRole(ctx.app, auth.admin, 'ADMINISTRATIVO');
      auth.dentist = await loginAs(ctx.app, dentist.email, dentist.password);
      // An affiliate's sign-out moves their token version on; a session signed afterwards carries the new one.
      const signedIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/afiliados/login',
        payload: { documento: afiliado.documento },
        remoteAddress: randomAddress(),
      });
      auth.afiliado = { authorization: `Bearer ${signedIn.json().token}` };
    };
    await signInAll();
  });
  afterAll(() => ctx.close());

  it('names every route the app registers, and nothing else', () => {
    const registered = ctx.app.routeTable.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(Object.keys(MATRIX).sort());
  });

  it("keeps another dentist's profile and account, and another affiliate's notification, out of reach", async () => {
    const other = await createDentist(ctx.app, auth.admin);
    const dentist = auth.dentist;
    const me = (await inject('GET', '/api/user/me', dentist)).json();
    expect((await inject('GET', `/api/user/${me.id}`, dentist)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/profesionales/${other.id}`],
      ['PUT', `/api/profesionales/${other.id}`],
      ['GET', `/api/user/${other.userId}`],
    ] as const) {
      const res = await inject(method, url, dentist, method === 'PUT' ? validProfile(other) : undefined);
      expect([403, 404], `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    const res = await inject('PUT', '/api/notificaciones/read', auth.afiliado, { notificacionId: 1 });
    expect(res.statusCode).toBe(404);
  });

  it("keeps one affiliate's notification and its file from another affiliate", async () => {
    const [mine, theirs] = await Promise.all([1, 2].map(() => createObraSocial(ctx.app, auth.admin)));
    const owner = await createAfiliado(ctx.app, auth.admin, mine!.id);
    const intruder = await createAfiliado(ctx.app, auth.admin, theirs!.id);
    const form = multipart(
      { title: 'Cartilla actualizada', category: 'Afiliados', obrasSociales: JSON.stringify([mine!.id]) },
      { name: 'cartilla.pdf', content: buildPdf(['Cartilla']), field: 'pdfs', type: 'application/pdf' },
    );
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/notificaciones/afiliados',
      headers: { ...auth.admin, ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode).toBe(201);
    const ownerAuth = await afiliadoAuth(ctx.app, owner.id);
    const intruderAuth = await afiliadoAuth(ctx.app, intruder.id);
    const [row] = (await inject('GET', '/api/notificaciones/afiliados', ownerAuth)).json().rows;
    const link: string = row.message[0];
    expect((await inject('GET', link)).statusCode).toBe(200);

    // The other affiliate sees nothing, cannot mark it read, and cannot make the link theirs.
    expect((await inject('GET', '/api/notificaciones/afiliados', intruderAuth)).json().rows).toEqual([]);
    const read = await inject('PUT', '/api/notificaciones/read', intruderAuth, { notificacionId: row.id });
    expect(read.statusCode).toBe(404);
    const stolen = link.replace(`s=a.${owner.id}`, `s=a.${intruder.id}`);
    expect(stolen).not.toBe(link);
    expect((await inject('GET', stolen, intruderAuth)).statusCode).toBe(403);

    // Signing out ends the links handed to that session too.
    expect((await inject('POST', '/api/afiliados/logout', ownerAuth)).statusCode).toBe(204);
    expect((await inject('GET', link)).statusCode).toBe(403);
  });

  it('lets in exactly the callers the matrix names, at every door', async () => {
    const unexpected: string[] = [];
    let cases = 0;
    // A logout ends the caller's session: each is knocked on with fresh sessions, after everything else.
    const routes = Object.entries(MATRIX).sort(
      ([a], [b]) => Number(a.includes('logout')) - Number(b.includes('logout')),
    );
    for (const [route, row] of routes) {
      if (route.includes('logout')) await signInAll();
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      for (const [i, caller] of CALLERS.entries()) {
        cases += 1;
        const res = await ctx.app.inject({
          method,
          url: concrete(url),
          headers: { ...auth[caller], 'x-forwarded-for': randomAddress() },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const expected = row[i]!;
        const got = res.statusCode;
        const fits = expected === 'ok' ? got !== 401 && got !== 403 && got < 500 : got === expected;
        if (!fits)
          unexpected.push(`${route} as ${caller}: ${got} (expected ${expected}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(cases).toBe(Object.keys(MATRIX).length * CALLERS.length);
  });
});
