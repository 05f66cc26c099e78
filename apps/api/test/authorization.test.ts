import { ERROR_CODES, emptySchedule } from '@red-dental/contracts';
import { buildPdf } from '@red-dental/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { afiliadoAuth, createAfiliado } from '../src/modules/afiliados/afiliados.factories.ts';
import { createObraSocial } from '../src/modules/obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../src/modules/profesionales/profesionales.factories.ts';
import { ADMIN, loginAs, multipart, randomAddress, signInWithRole, useTestApp } from './helpers.ts';
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
  const t = useTestApp('pglite');
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
    const dentist = await createDentist(t.app, t.admin);
    const os = await createObraSocial(t.app, t.admin);
    const afiliado = await createAfiliado(t.app, t.admin, os.id);
    signInAll = async () => {
      auth.admin = await loginAs(t.app, ADMIN.email, ADMIN.password);
      auth.staff = await signInWithRole(t.app, auth.admin, 'ADMINISTRATIVO');
      auth.dentist = await loginAs(t.app, dentist.email, dentist.password);
      // An affiliate's sign-out moves their token version on; a session signed afterwards carries the new one.
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/afiliados/login',
        payload: { documento: afiliado.documento },
        remoteAddress: randomAddress(),
      });
      auth.afiliado = { authorization: `Bearer ${signedIn.json().token}` };
    };
    await signInAll();
  });

  it('names every route the app registers, and nothing else', () => {
    const registered = t.app.routeTable.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(Object.keys(MATRIX).sort());
  });

  it("keeps another dentist's profile and account, and another affiliate's notification, out of reach", async () => {
    const other = await createDentist(t.app, auth.admin);
    const dentist = auth.dentist;
    const me = (await t.inject('GET', '/api/user/me', dentist)).json();
    expect((await t.inject('GET', `/api/user/${me.id}`, dentist)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/profesionales/${other.id}`],
      ['PUT', `/api/profesionales/${other.id}`],
      ['GET', `/api/user/${other.userId}`],
    ] as const) {
      const res = await t.inject(method, url, dentist, method === 'PUT' ? validProfile(other) : undefined);
      expect([403, 404], `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    const res = await t.inject('PUT', '/api/notificaciones/read', auth.afiliado, { notificacionId: 1 });
    expect(res.statusCode).toBe(404);
  });

  it("keeps one affiliate's notification and its file from another affiliate", async () => {
    const [mine, theirs] = await Promise.all([1, 2].map(() => createObraSocial(t.app, auth.admin)));
    const owner = await createAfiliado(t.app, auth.admin, mine!.id);
    const intruder = await createAfiliado(t.app, auth.admin, theirs!.id);
    const form = multipart(
      { title: 'Cartilla actualizada', category: 'Afiliados', obrasSociales: JSON.stringify([mine!.id]) },
      { name: 'cartilla.pdf', content: buildPdf(['Cartilla']), field: 'pdfs', type: 'application/pdf' },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/notificaciones/afiliados',
      headers: { ...auth.admin, ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode).toBe(201);
    const ownerAuth = await afiliadoAuth(t.app, owner.id);
    const intruderAuth = await afiliadoAuth(t.app, intruder.id);
    const [row] = (await t.inject('GET', '/api/notificaciones/afiliados', ownerAuth)).json().rows;
    const link: string = row.message[0];
    expect((await t.inject('GET', link)).statusCode).toBe(200);

    // The other affiliate sees nothing, cannot mark it read, and cannot make the link theirs.
    expect((await t.inject('GET', '/api/notificaciones/afiliados', intruderAuth)).json().rows).toEqual([]);
    const read = await t.inject('PUT', '/api/notificaciones/read', intruderAuth, { notificacionId: row.id });
    expect(read.statusCode).toBe(404);
    const stolen = link.replace(`s=a.${owner.id}`, `s=a.${intruder.id}`);
    expect(stolen).not.toBe(link);
    expect((await t.inject('GET', stolen, intruderAuth)).statusCode).toBe(403);

    // Signing out ends the links handed to that session too.
    expect((await t.inject('POST', '/api/afiliados/logout', ownerAuth)).statusCode).toBe(204);
    expect((await t.inject('GET', link)).statusCode).toBe(403);
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
        const res = await t.app.inject({
          method,
          url: concrete(url),
          headers: { ...auth[caller], 'x-forwarded-for': randomAddress() },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const expected = row[i]!;
        const got = res.statusCode;
        // Past the door, the affiliate's health data ask the enrolled phone's code too (its own 403).
        const proofAsked = got === 403 && res.json().code === ERROR_CODES.TOKEN_REQUIRED;
        const fits =
          expected === 'ok'
            ? got !== 401 && (got !== 403 || proofAsked) && got < 500
            : got === expected && !proofAsked;
        if (!fits)
          unexpected.push(`${route} as ${caller}: ${got} (expected ${expected}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(cases).toBe(Object.keys(MATRIX).length * CALLERS.length);
  });
});
