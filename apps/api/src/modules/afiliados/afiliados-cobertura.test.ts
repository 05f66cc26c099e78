import { uniqueDocumento } from '@red-dental/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';
import { createAfiliado } from './afiliados.factories.ts';

describe.each(BACKENDS)("a dentist's coverage check answers a verdict (%s)", (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;
  let aceptada: { id: number };
  let otra: { id: number };

  beforeAll(async () => {
    aceptada = await createObraSocial(t.app, t.staff);
    otra = await createObraSocial(t.app, t.staff);
    const d = await createDentist(t.app, t.admin, { obrasSociales: [aceptada.id] });
    dentist = await loginAs(t.app, d.email, d.password);
  });

  const check = async (documento: string, auth = dentist) =>
    (await t.inject('GET', `/api/afiliados/paginated?search=${documento}`, auth)).json().rows as Record<
      string,
      unknown
    >[];

  it('says whether the dentist accepts the insurer of an active affiliate', async () => {
    const cubierto = await createAfiliado(t.app, t.staff, aceptada.id);
    const deOtra = await createAfiliado(t.app, t.staff, otra.id);
    expect(await check(cubierto.documento)).toEqual([
      expect.objectContaining({ id: cubierto.id, fechaBaja: null, atiendeObraSocial: true }),
    ]);
    expect(await check(deOtra.documento)).toEqual([
      expect.objectContaining({ id: deOtra.id, fechaBaja: null, atiendeObraSocial: false }),
    ]);
  });

  it('answers null for an affiliate without insurer, the baja for one given de baja, and nothing for an unknown document', async () => {
    const sinObraSocial = await createAfiliado(t.app, t.staff, otra.id);
    await t.inject('PUT', `/api/afiliados/${sinObraSocial.id}`, t.staff, {
      nombre: sinObraSocial.nombre,
      tipoDocumento: 'DNI',
      documento: sinObraSocial.documento,
      obraSocial: null,
    });
    expect(await check(sinObraSocial.documento)).toEqual([
      expect.objectContaining({ obraSocial: null, atiendeObraSocial: null }),
    ]);
    const baja = await createAfiliado(t.app, t.staff, aceptada.id);
    await t.inject('DELETE', `/api/afiliados/${baja.id}`, t.staff);
    expect(await check(baja.documento)).toEqual([
      expect.objectContaining({ fechaBaja: expect.any(String), atiendeObraSocial: true }),
    ]);
    expect(await check(uniqueDocumento())).toEqual([]);
  });

  it("keeps staff's search as it was, without a verdict", async () => {
    const a = await createAfiliado(t.app, t.staff, aceptada.id);
    const [row] = await check(a.documento, t.staff);
    expect(row).not.toHaveProperty('atiendeObraSocial');
  });
});
