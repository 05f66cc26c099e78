import { describe, expect, it } from 'vitest';
import { autorizacionDecisionSchema, relojAutorizacion } from './autorizaciones.ts';

describe('the clock of a prior authorization, in words', () => {
  const pedida = '2026-12-01T17:00:00.000Z';
  // 48 hours later, 14:00 on 03/12 on the network's clock (UTC−3).
  const respuestaAntes = '2026-12-03T17:00:00.000Z';
  const at = (iso: string) => new Date(iso);

  it.each([
    [
      '2026-12-01T17:20:00.000Z',
      'En revisión desde hace 0 horas — respuesta prometida antes del 03/12 14:00',
    ],
    ['2026-12-01T18:00:00.000Z', 'En revisión desde hace 1 hora — respuesta prometida antes del 03/12 14:00'],
    ['2026-12-02T18:00:00.000Z', 'En revisión desde hace 1 día — respuesta prometida antes del 03/12 14:00'],
    [
      '2026-12-04T09:00:00.000Z',
      'En revisión desde hace 2 días — la respuesta estaba prometida antes del 03/12 14:00',
    ],
  ])('at %s says “%s”', (now, says) => {
    expect(relojAutorizacion({ estado: 'en_revision', pedida, respuestaAntes }, at(now))).toBe(says);
  });

  it('says an observed request waits for the dentist, and says nothing once answered', () => {
    const now = at('2026-12-02T12:00:00.000Z');
    expect(relojAutorizacion({ estado: 'observada', pedida, respuestaAntes }, now)).toBe(
      'Observada: el auditor espera una respuesta del profesional',
    );
    for (const estado of ['aprobada', 'rechazada', 'consumida', 'vencida', 'anulada'] as const)
      expect(relojAutorizacion({ estado, pedida, respuestaAntes: null }, now)).toBeNull();
  });
});

describe("the auditor's decision", () => {
  it('asks a reason to refuse or approve in part, what to send to observe, and some items for a part', () => {
    const fields = (body: object) =>
      autorizacionDecisionSchema.safeParse(body).error?.issues.map((i) => i.path.join('.'));
    expect(fields({ decision: 'aprobar' })).toBeUndefined();
    expect(fields({ decision: 'rechazar' })).toEqual(['motivo']);
    expect(fields({ decision: 'observar', nota: '  ' })).toEqual(['nota']);
    expect(fields({ decision: 'aprobar_parcial', motivo: 'rx_insuficiente' })).toEqual(['items']);
    expect(fields({ decision: 'rechazar', motivo: 'D04' })).toBeUndefined();
    expect(fields({ decision: 'aprobar', motivo: 'cualquiera' })).toEqual(['motivo']);
  });
});
