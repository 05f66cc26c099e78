import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { loadCodigos } from '../nomenclador/nomenclador.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createPlan, createRegla, regla } from './planes.factories.ts';

const M = MESSAGES.planes;

describe.each(BACKENDS)('the insurers’ plans and their rules (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;
  let os: { id: number; nombre: string };

  beforeAll(async () => {
    await loadCodigos(t.app, t.admin);
    const grupo = await t.inject('POST', '/api/nomenclador/grupos', t.admin, {
      nombre: 'Obturaciones',
      codigos: ['02.01', '02.02'],
    });
    expect(grupo.statusCode).toBe(201);
    dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    os = await createObraSocial(t.app, t.staff, { nombre: 'OSDE Planes' });
  });

  const reglas = async (planId: number, fecha?: string) => {
    const response = await t.inject(
      'GET',
      `/api/planes/${planId}/reglas${fecha ? `?fecha=${fecha}` : ''}`,
      dentist,
    );
    expect(response.statusCode).toBe(200);
    return response.json() as {
      id: number;
      texto: string;
      vigenteDesde: string;
      vigenteHasta: string | null;
    }[];
  };

  it('keeps an insurer’s plans by a code unique within it, and an insurer with plans is not deleted', async () => {
    const plan = await createPlan(t.app, t.admin, os.id, { codigo: 'P-210', nombre: 'Plan 210' });
    expect(plan).toMatchObject({ codigo: 'P-210', obraSocial: { id: os.id }, reglas: 0, afiliados: 0 });
    const taken = await t.inject('POST', '/api/planes', t.admin, {
      obraSocialId: os.id,
      codigo: 'p-210',
      nombre: 'Otro',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ codigo: M.CODIGO_TAKEN('p-210', 'OSDE Planes') });
    const bad = await t.inject('POST', '/api/planes', t.admin, {
      obraSocialId: 999999,
      codigo: 'con espacio',
      nombre: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ codigo: M.CODIGO_INVALID, nombre: M.NOMBRE_REQUIRED });
    const unknown = await t.inject('POST', '/api/planes', t.admin, {
      obraSocialId: 999999,
      codigo: 'X',
      nombre: 'X',
    });
    expect(unknown.json()).toMatchObject({ fields: { obraSocialId: M.OBRA_SOCIAL_UNKNOWN } });

    const other = await createObraSocial(t.app, t.staff, { nombre: 'Otra Planes' });
    const moved = await t.inject('PUT', `/api/planes/${plan.id}`, t.admin, {
      obraSocialId: other.id,
      codigo: 'P-210',
      nombre: 'X',
    });
    expect(moved.json().fields).toEqual({ obraSocialId: M.OBRA_SOCIAL_FIXED });
    const renamed = await t.inject('PUT', `/api/planes/${plan.id}`, t.admin, {
      obraSocialId: os.id,
      codigo: 'P-210',
      nombre: 'Plan 210 Plus',
    });
    expect(renamed.json()).toMatchObject({ nombre: 'Plan 210 Plus' });

    const removal = await t.inject('DELETE', `/api/obra-sociales/${os.id}`, t.admin);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error).toBe(MESSAGES.obrasSociales.HAS_PLANES);
  });

  it('answers the version of each rule in force on a day, and refuses overlapping versions with the reason', async () => {
    const plan = await createPlan(t.app, t.admin, os.id, { codigo: 'VERS' });
    const limpieza = await createRegla(t.app, t.admin, plan.id, {
      frecuencia: 1,
      periodoDias: 180,
      ambito: 'afiliado',
      vigenteHasta: '2026-06-30',
    });
    expect(limpieza.texto).toBe(
      'Tartrectomía y cepillado mecánico (05.01): una cada 180 días por afiliado, 100 %, sin coseguro',
    );
    await createRegla(t.app, t.admin, plan.id, {
      frecuencia: 1,
      periodoDias: 365,
      ambito: 'afiliado',
      coseguroImporte: 150000,
      vigenteDesde: '2026-07-01',
    });
    await createRegla(t.app, t.admin, plan.id, {
      objetivo: 'grupo:obturaciones',
      garantiaMeses: 24,
      frecuencia: 1,
      periodoDias: 730,
      ambito: 'pieza+cara',
    });
    await createRegla(t.app, t.admin, plan.id, {
      objetivo: 'capitulo:06',
      edadMin: 10,
      edadMax: 18,
      frecuencia: 1,
      ambito: 'afiliado',
    });

    expect((await reglas(plan.id, '2026-06-30')).map((r) => r.texto)).toEqual([
      'Tartrectomía y cepillado mecánico (05.01): una cada 180 días por afiliado, 100 %, sin coseguro',
      'Grupo Obturaciones: una cada 730 días por pieza y cara, 100 %, sin coseguro, garantía de 24 meses por pieza y cara',
      'Capítulo 06 (Ortodoncia y ortopedia funcional): una en total por afiliado, 100 %, sin coseguro, de 10 a 18 años',
    ]);
    expect((await reglas(plan.id, '2026-07-01'))[0]!.texto).toBe(
      'Tartrectomía y cepillado mecánico (05.01): una cada 365 días por afiliado, 100 %, coseguro $ 1.500,00',
    );
    expect(await reglas(plan.id, '2025-12-31')).toEqual([]);
    expect(await reglas(plan.id)).toHaveLength(4);

    const overlap = await t.inject(
      'POST',
      `/api/planes/${plan.id}/reglas`,
      t.admin,
      regla({ vigenteDesde: '2026-03-01' }),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error).toBe(
      M.OVERLAPS('Tartrectomía y cepillado mecánico (05.01)', '01/01/2026', '30/06/2026'),
    );
    // A code's own rule beside its chapter's is no overlap: the code's rules over it.
    expect(
      (
        await t.inject(
          'POST',
          `/api/planes/${plan.id}/reglas`,
          t.admin,
          regla({ objetivo: '06.01', vigenteDesde: '2026-03-01' }),
        )
      ).statusCode,
    ).toBe(201);

    // Changing a version into the days of the next one is refused too; into free days it is kept, audited.
    const longer = await t.inject(
      'PUT',
      `/api/planes/${plan.id}/reglas/${limpieza.id}`,
      t.admin,
      regla({ ...limpieza, vigenteHasta: '2026-07-15' }),
    );
    expect(longer.statusCode).toBe(409);
    const changed = await t.inject(
      'PUT',
      `/api/planes/${plan.id}/reglas/${limpieza.id}`,
      t.admin,
      regla({ frecuencia: 2, periodoDias: 365, ambito: 'afiliado', vigenteHasta: '2026-06-30' }),
    );
    expect(changed.json().texto).toContain('2 cada 365 días por afiliado');
    const [audit] = await queryRows<{ details: { antes: { texto: string }; texto: string } }>(
      t.db,
      sql`select details from audit_log where entity = 'regla' and action = 'update' and entity_id = ${String(limpieza.id)} order by id desc limit 1`,
    );
    expect(audit?.details.antes.texto).toContain('una cada 180 días');
    expect(audit?.details.texto).toContain('2 cada 365 días');

    // Renaming a code renames it in the rules that name it, whoever changed it.
    await t.db.execute(sql`update codigos_prestacion set nombre = 'Limpieza' where codigo = '05.01'`);
    expect((await reglas(plan.id, '2026-06-30'))[0]!.texto).toMatch(/^Limpieza \(05\.01\): 2 cada 365 días/);
    await t.db.execute(
      sql`update codigos_prestacion set nombre = 'Tartrectomía y cepillado mecánico' where codigo = '05.01'`,
    );

    const deleted = await t.inject('DELETE', `/api/planes/${plan.id}/reglas/${limpieza.id}`, t.admin);
    expect(deleted.json()).toEqual({ message: M.REGLA_DELETED });
    expect(await reglas(plan.id, '2026-06-30')).toHaveLength(3);
  });

  it('refuses a rule that cannot be, in words, and a target the code table lacks', async () => {
    const plan = await createPlan(t.app, t.admin, os.id, { codigo: 'MAL' });
    const post = (body: object) => t.inject('POST', `/api/planes/${plan.id}/reglas`, t.admin, body);
    const bad = await post(
      regla({
        objetivo: 'dientes',
        coberturaPct: 0,
        coseguroImporte: 100,
        coseguroPct: 10,
        edadMin: 20,
        edadMax: 10,
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      objetivo: M.OBJETIVO_INVALID('dientes'),
      coberturaPct: M.COBERTURA_INVALID,
    });
    expect((await post(regla({ objetivo: '99.99' }))).json().fields).toEqual({
      objetivo: M.OBJETIVO_UNKNOWN_CODIGO('99.99'),
    });
    expect((await post(regla({ objetivo: 'grupo:Coronas' }))).json().fields).toEqual({
      objetivo: M.OBJETIVO_UNKNOWN_GRUPO('Coronas'),
    });
    expect((await post(regla({ objetivo: 'capitulo:11' }))).json().fields).toEqual({
      objetivo: M.OBJETIVO_UNKNOWN_CAPITULO('11'),
    });
    expect((await post(regla({ cubre: false }))).json().fields).toEqual({ cubre: M.NOT_COVERED_WITH_TERMS });
    expect((await post(regla({ cubre: false, coberturaPct: null }))).statusCode).toBe(201);
    expect((await t.inject('POST', '/api/planes/999999/reglas', t.admin, regla())).statusCode).toBe(404);
    expect((await t.inject('GET', '/api/planes/999999/reglas', t.admin)).statusCode).toBe(404);

    // A group a rule names stays.
    const [grupo] = (await t.inject('GET', '/api/nomenclador/grupos', t.admin)).json();
    await createRegla(t.app, t.admin, plan.id, { objetivo: 'grupo:Obturaciones' });
    const removal = await t.inject('DELETE', `/api/nomenclador/grupos/${grupo.id}`, t.admin);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error).toBe(MESSAGES.nomenclador.GRUPO_IN_USE);
  });

  it('lets only NOMENCLADOR.MANAGE keep plans and rules; the back office reads them', async () => {
    const plan = await createPlan(t.app, t.admin, os.id, { codigo: 'PERM' });
    await createRegla(t.app, t.admin, plan.id);
    expect((await t.inject('GET', `/api/planes?obraSocialId=${os.id}`, dentist)).statusCode).toBe(200);
    for (const auth of [t.staff, dentist]) {
      expect(
        (await t.inject('POST', '/api/planes', auth, { obraSocialId: os.id, codigo: 'X', nombre: 'X' }))
          .statusCode,
      ).toBe(403);
      expect((await t.inject('POST', `/api/planes/${plan.id}/reglas`, auth, regla())).statusCode).toBe(403);
      expect((await t.inject('DELETE', `/api/planes/${plan.id}`, auth)).statusCode).toBe(403);
    }
    expect((await t.inject('GET', `/api/planes/${plan.id}/reglas`)).statusCode).toBe(401);
    const removed = await t.inject('DELETE', `/api/planes/${plan.id}`, t.admin);
    expect(removed.json()).toEqual({ message: M.DELETED });
    const [audit] = await queryRows<{ details: unknown }>(
      t.db,
      sql`select details from audit_log where entity = 'plan' and action = 'delete' order by id desc limit 1`,
    );
    expect(audit?.details).toEqual({ codigo: 'PERM', nombre: 'Plan 210', reglas: 1 });
  });
});
