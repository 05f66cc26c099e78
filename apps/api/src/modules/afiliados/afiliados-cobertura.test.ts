import { uniqueDocumento } from '@red-dental/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiCaller,
  BACKENDS,
  createTestApp,
  loginAs,
  signInWithRole,
  type TestContext,
} from '../../../test/helpers.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';
import { createAfiliado, createObraSocial } from './afiliados.factories.ts';

describe.each(BACKENDS)("a dentist's coverage check answers a verdict (%s)", (backend) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let staff: Record<string, string>;
  let dentist: Record<string, string>;
  let aceptada: { id: number };
  let otra: { id: number };

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    staff = await signInWithRole(ctx.app, admin, 'ADMINISTRATIVO');
    aceptada = await createObraSocial(ctx.app, staff);
    otra = await createObraSocial(ctx.app, staff);
    const d = await createDentist(ctx.app, admin, { obrasSociales: [aceptada.id] });
    dentist = await loginAs(ctx.app, d.email, d.password);
  });
  afterAll(() => ctx.close());

  const inject = apiCaller(() => ctx.app);
  const check = async (documento: string, auth = dentist) =>
    (await inject('GET', `/api/afiliados/paginated?search=${documento}`, auth)).json().rows as Record<
      string,
      unknown
    >[];

  it('says whether the dentist accepts the insurer of an active affiliate', async () => {
    const cubierto = await createAfiliado(ctx.app, staff, aceptada.id);
    const deOtra = await createAfiliado(ctx.app, staff, otra.id);
    expect(await check(cubierto.documento)).toEqual([
      expect.objectContaining({ id: cubierto.id, fechaBaja: null, atiendeObraSocial: true }),
    ]);
    expect(await check(deOtra.documento)).toEqual([
      expect.objectContaining({ id: deOtra.id, fechaBaja: null, atiendeObraSocial: false }),
    ]);
  });

  it('answers null for an affiliate without insurer, the baja for one given de baja, and nothing for an unknown document', async () => {
    const sinObraSocial = await createAfiliado(ctx.app, staff, otra.id);
    await inject('PUT', `/api/afiliados/${sinObraSocial.id}`, staff, {
      nombre: sinObraSocial.nombre,
      tipoDocumento: 'DNI',
      documento: sinObraSocial.documento,
      obraSocial: null,
    });
    expect(await check(sinObraSocial.documento)).toEqual([
      expect.objectContaining({ obraSocial: null, atiendeObraSocial: null }),
    ]);
    const baja = await createAfiliado(ctx.app, staff, aceptada.id);
    await inject('DELETE', `/api/afiliados/${baja.id}`, staff);
    expect(await check(baja.documento)).toEqual([
      expect.objectContaining({ fechaBaja: expect.any(String), atiendeObraSocial: true }),
    ]);
    expect(await check(uniqueDocumento())).toEqual([]);
  });

  it("keeps staff's search as it was, without a verdict", async () => {
    const a = await createAfiliado(ctx.app, staff, aceptada.id);
    const [row] = await check(a.documento, staff);
    expect(row).not.toHaveProperty('atiendeObraSocial');
  });
});
