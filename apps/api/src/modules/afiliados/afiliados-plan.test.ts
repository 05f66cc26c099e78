import { MESSAGES } from '@red-dental/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, multipart, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createPlan } from '../planes/planes.factories.ts';
import { afiliadoAuth, createAfiliado } from './afiliados.factories.ts';

const M = MESSAGES.afiliados;

describe.each(BACKENDS)('an affiliate’s plan, card number and fecha de alta (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let osde: { id: number; nombre: string };
  let galeno: { id: number };
  let plan210: { id: number };
  let plan310: { id: number };
  let azul: { id: number };

  beforeAll(async () => {
    osde = await createObraSocial(t.app, t.staff, { nombre: 'OSDE Plan Afiliado' });
    galeno = await createObraSocial(t.app, t.staff, { nombre: 'Galeno Plan Afiliado' });
    plan210 = await createPlan(t.app, t.admin, osde.id, { codigo: '210', nombre: 'Plan 210' });
    plan310 = await createPlan(t.app, t.admin, osde.id, { codigo: '310', nombre: 'Plan 310' });
    azul = await createPlan(t.app, t.admin, galeno.id, { codigo: 'AZUL', nombre: 'Plan Azul' });
  });

  const ficha = async (id: number) => (await t.inject('GET', `/api/afiliados/${id}`, t.staff)).json();

  it('is given when the affiliate is created or edited, must be of the affiliate’s insurer, and goes with a move', async () => {
    const created = await createAfiliado(t.app, t.staff, osde.id, {
      plan: { id: plan210.id },
      numeroAfiliado: ' 60-123456-01 ',
      fechaAlta: '2024-03-01',
    });
    expect(created).toMatchObject({
      plan: { id: plan210.id, codigo: '210', nombre: 'Plan 210' },
      numeroAfiliado: '60-123456-01',
      fechaAlta: '2024-03-01',
    });
    const base = {
      nombre: created.nombre,
      tipoDocumento: 'DNI',
      documento: created.documento,
      obraSocial: { id: osde.id },
    };
    // Left out, they stay as they are.
    expect((await t.inject('PUT', `/api/afiliados/${created.id}`, t.staff, base)).json()).toMatchObject({
      plan: { id: plan210.id },
      numeroAfiliado: '60-123456-01',
      fechaAlta: '2024-03-01',
    });
    const other = await t.inject('PUT', `/api/afiliados/${created.id}`, t.staff, {
      ...base,
      plan: { id: azul.id },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toEqual({ 'plan.id': M.PLAN_OTHER_OBRA_SOCIAL });
    const unknown = await t.inject('PUT', `/api/afiliados/${created.id}`, t.staff, {
      ...base,
      plan: { id: 999999 },
    });
    expect(unknown.json().fields).toEqual({ 'plan.id': M.PLAN_UNKNOWN });
    const badAlta = await t.inject('PUT', `/api/afiliados/${created.id}`, t.staff, {
      ...base,
      fechaAlta: '2024-02-30',
    });
    expect(badAlta.json().fields).toEqual({ fechaAlta: M.FECHA_ALTA_INVALID });

    const changed = await t.inject('PUT', `/api/afiliados/${created.id}`, t.staff, {
      ...base,
      plan: { id: plan310.id },
      numeroAfiliado: '',
      fechaAlta: null,
    });
    expect(changed.json()).toMatchObject({ plan: { id: plan310.id }, numeroAfiliado: null, fechaAlta: null });
    await t.inject('PUT', `/api/afiliados/${created.id}`, t.staff, {
      ...base,
      numeroAfiliado: '60-9',
      fechaAlta: '2025-01-01',
    });
    // Moved to another insurer with nothing said of them: the old insurer's plan, number and day go.
    const moved = await t.inject('PUT', `/api/afiliados/${created.id}`, t.staff, {
      ...base,
      obraSocial: { id: galeno.id },
    });
    expect(moved.json()).toMatchObject({
      obraSocial: { id: galeno.id },
      plan: null,
      numeroAfiliado: null,
      fechaAlta: null,
    });

    // The list, the portal and the coverage check read it too.
    const dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    const withPlan = await createAfiliado(t.app, t.staff, osde.id, {
      plan: { id: plan210.id },
      numeroAfiliado: '77',
    });
    const coverage = await t.inject(
      'GET',
      `/api/afiliados/paginated?pageIndex=0&pageSize=10&search=${withPlan.documento}`,
      dentist,
    );
    expect(coverage.json().rows[0]).toMatchObject({ plan: { codigo: '210' }, numeroAfiliado: '77' });
    // A session opened with the document alone sees the card's number in part, as e-mail and phone.
    const profile = await t.inject('GET', '/api/afiliados/profile', await afiliadoAuth(t.app, withPlan.id));
    expect(profile.json()).toMatchObject({ plan: { nombre: 'Plan 210' }, numeroAfiliado: '****' });
    const proven = await afiliadoAuth(t.app, withPlan.id, { birthdateProven: true });
    expect((await t.inject('GET', '/api/afiliados/profile', proven)).json()).toMatchObject({
      numeroAfiliado: '77',
    });
    expect((await ficha(withPlan.id)).plan).toMatchObject({ id: plan210.id });

    // A plan an affiliate holds is not deleted.
    const removal = await t.inject('DELETE', `/api/planes/${plan210.id}`, t.admin);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error).toMatch(/^El plan tiene (un afiliado|\d+ afiliados)/);
  });

  it('comes from the roster’s optional columns; an unknown plan is a line error, and the export writes them back', async () => {
    const keeps = await createAfiliado(t.app, t.staff, osde.id, {
      plan: { id: plan310.id },
      numeroAfiliado: 'X-1',
    });
    const movesIn = await createAfiliado(t.app, t.staff, galeno.id, {
      plan: { id: azul.id },
      numeroAfiliado: 'G-1',
    });
    const csv = [
      'Nombre;Documento;Plan;Número de afiliado;Fecha de alta',
      'Nueva Con Plan;41000001;210;60-1;01/02/2025',
      `${keeps.nombre};${keeps.documento};;;`,
      `${movesIn.nombre};${movesIn.documento};;;`,
      'Sin Plan Conocido;41000002;999;;',
      'Alta Mala;41000003;;;2025-13-01',
    ].join('\r\n');
    const upload = (content: string, dryRun = false) => {
      const body = multipart({ obraSocialId: String(osde.id) }, { name: 'padron.csv', content });
      return t.app.inject({
        method: 'POST',
        url: `/api/afiliados/import-csv${dryRun ? '?dryRun=true' : ''}`,
        headers: { ...t.staff, ...body.headers },
        payload: body.payload,
      });
    };
    const preview = await upload(csv, true);
    expect(preview.json().errors).toEqual([
      { line: 5, message: MESSAGES.csv.ROW_UNKNOWN_PLAN('999', 'OSDE Plan Afiliado') },
      { line: 6, message: MESSAGES.csv.ROW_BAD_ALTA('2025-13-01') },
    ]);
    const loaded = await upload(csv.split('\r\n').slice(0, 4).join('\r\n'));
    expect(loaded.statusCode, loaded.body).toBe(201);

    const search = async (documento: string) =>
      (
        await t.inject('GET', `/api/afiliados/paginated?pageIndex=0&pageSize=10&search=${documento}`, t.staff)
      ).json().rows[0];
    expect(await search('41000001')).toMatchObject({
      plan: { codigo: '210' },
      numeroAfiliado: '60-1',
      fechaAlta: '2025-02-01',
    });
    // Empty cells keep what the record has; a move from another insurer leaves that insurer's plan behind.
    expect(await search(keeps.documento)).toMatchObject({ plan: { codigo: '310' }, numeroAfiliado: 'X-1' });
    expect(await search(movesIn.documento)).toMatchObject({
      obraSocial: { id: osde.id },
      plan: null,
      numeroAfiliado: null,
    });
    // Again, the same file changes nothing.
    expect((await upload(csv.split('\r\n').slice(0, 4).join('\r\n'), true)).json()).toMatchObject({
      created: 0,
      updated: 0,
    });

    const exported = await t.inject(
      'GET',
      `/api/afiliados/export?obraSocialId=${osde.id}&formato=csv&separador=%3B`,
      t.staff,
    );
    expect(exported.statusCode).toBe(200);
    const [header, ...lines] = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('Obra social;Plan;Número de afiliado;Fecha de alta');
    expect(lines.find((l) => l.includes('41000001'))).toContain(';210;60-1;01/02/2025;');
  });
});
