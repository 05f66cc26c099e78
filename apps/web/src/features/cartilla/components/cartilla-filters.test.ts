import { currentAusencia, emptySchedule } from '@red-dental/contracts';
import { buildCartillaProfesional as provider } from '@red-dental/testing/responses';
import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  distanceKm,
  especialidadOptions,
  localidadOptions,
  NO_FILTERS,
  sortSpanish,
  specialtiesOf,
} from './cartilla-filters.ts';

// Monday 23 November 2026, 10:30 in Buenos Aires (13:30 UTC).
const MONDAY_MORNING = new Date('2026-11-23T13:30:00Z');

describe('the directory filters', () => {
  const palermo = provider(1, {
    localidad: 'Palermo',
    lat: '-34.588000',
    long: '-58.420000',
    especialidades: [{ id: 5, nombre: 'Ortodoncia' }],
    horarios: { ...emptySchedule(), L: { enabled: true, times: [{ start: '09:00', end: '13:00' }] } },
  });
  const laPlata = provider(2, {
    localidad: 'La Plata',
    lat: '-34.920500',
    long: '-57.953600',
    especialidades: [{ id: 3, nombre: 'Endodoncia' }],
    guardias: { ...emptySchedule(), L: { enabled: true, times: [{ start: '08:00', end: '20:00' }] } },
    aceptaNuevosPacientes: false,
  });
  const sinDatos = provider(3, { localidad: 'palermo chico' });
  const all = [palermo, laPlata, sinDatos];

  it('offers the distinct specialties and localities, sorted', () => {
    expect(especialidadOptions(all).map((o) => o.label)).toEqual(['Endodoncia', 'Ortodoncia']);
    expect(localidadOptions(all).map((o) => o.label)).toEqual(['La Plata', 'Palermo', 'palermo chico']);
  });

  it('never offers GUARDIAS as a specialty, nor lists it on a card, even from a copy kept before the API left it out', () => {
    const deGuardia = provider(4, {
      especialidades: [
        { id: 9, nombre: 'GUARDIAS' },
        { id: 5, nombre: 'Ortodoncia' },
      ],
    });
    expect(especialidadOptions([deGuardia]).map((o) => o.label)).toEqual(['Ortodoncia']);
    expect(specialtiesOf(deGuardia)).toEqual([{ id: 5, nombre: 'Ortodoncia' }]);
  });

  it('narrows by specialty, locality and new patients', () => {
    const ids = (f: Partial<typeof NO_FILTERS>) =>
      applyFilters(all, { ...NO_FILTERS, ...f }, MONDAY_MORNING, null).map((e) => e.profesional.id);
    expect(ids({})).toEqual([1, 2, 3]);
    expect(ids({ especialidadId: '3' })).toEqual([2]);
    expect(ids({ localidad: 'Palermo' })).toEqual([1]);
    expect(ids({ aceptaNuevosPacientes: true })).toEqual([1, 3]);
  });

  it("reads 'Atiende ahora' and 'De guardia ahora' on Buenos Aires' clock", () => {
    const ids = (f: Partial<typeof NO_FILTERS>, at: Date) =>
      applyFilters(all, { ...NO_FILTERS, ...f }, at, null).map((e) => e.profesional.id);
    expect(ids({ atiendeAhora: true }, MONDAY_MORNING)).toEqual([1]);
    expect(ids({ deGuardiaAhora: true }, MONDAY_MORNING)).toEqual([2]);
    // 13:00 in Buenos Aires: the office closed, the on-call hours go on; 21:00: neither.
    expect(ids({ atiendeAhora: true }, new Date('2026-11-23T16:00:00Z'))).toEqual([]);
    expect(ids({ deGuardiaAhora: true }, new Date('2026-11-24T00:00:00Z'))).toEqual([]);
  });

  it('counts nobody as attending or on call during an absence', () => {
    const away = { ...palermo, ausencias: [{ desde: '2026-11-20', hasta: '2026-11-25' }] };
    const onCallAway = { ...laPlata, ausencias: [{ desde: '2026-11-23', hasta: '2026-11-23' }] };
    const ids = (f: Partial<typeof NO_FILTERS>) =>
      applyFilters([away, onCallAway], { ...NO_FILTERS, ...f }, MONDAY_MORNING, null).map(
        (e) => e.profesional.id,
      );
    expect(ids({ atiendeAhora: true })).toEqual([]);
    expect(ids({ deGuardiaAhora: true })).toEqual([]);
  });

  it('says until when an office is closed, across absences that follow one another', () => {
    const ausencias = [
      { desde: '2026-11-10', hasta: '2026-11-23' },
      { desde: '2026-11-24', hasta: '2026-11-30' },
      { desde: '2026-12-15', hasta: '2026-12-20' },
    ];
    expect(currentAusencia(ausencias, MONDAY_MORNING)).toEqual({ desde: '2026-11-10', hasta: '2026-11-30' });
    expect(currentAusencia(ausencias, new Date('2026-12-05T12:00:00Z'))).toBeUndefined();
  });

  it('sorts by distance from the affiliate, those without a place last', () => {
    const fromLaPlata = { lat: -34.92, lng: -57.95 };
    const entries = applyFilters(all, NO_FILTERS, MONDAY_MORNING, fromLaPlata);
    expect(entries.map((e) => e.profesional.id)).toEqual([2, 1, 3]);
    expect(entries[0]?.distanceKm).toBeLessThan(1);
    expect(entries[1]?.distanceKm).toBeGreaterThan(50);
    expect(entries[2]?.distanceKm).toBeNull();
  });

  it('measures distances on the sphere', () => {
    // Obelisco to La Plata's cathedral: about 53 km.
    expect(distanceKm({ lat: -34.6037, lng: -58.3816 }, { lat: -34.9225, lng: -57.9557 })).toBeCloseTo(53, 0);
  });
});

describe('sortSpanish', () => {
  it('orders names as the es-AR collator does: case and accents aside, ñ after n, numbers first', () => {
    const names = [
      'Vicente López',
      'adrogué',
      'Ñandubay',
      'Nuñez',
      'Núñez',
      'Nunca',
      'Lanús',
      'La Plata',
      'Lomas de Zamora',
      '25 de Mayo',
      '9 de Julio',
      'Ciudad Autónoma de Buenos Aires',
      'CABA',
      'Bahía Blanca',
      'Banfield',
      'Ituzaingó',
      'El Palomar',
      'Ezeiza',
      'Morón',
      'Moreno',
      'San Martín',
      'San Isidro',
      'Odontopediatría',
      'Ortodoncia',
      'Cirugía y traumatología bucomaxilofacial',
      'Prótesis',
      'Periodoncia',
      'Ñuñoa',
    ];
    const collator = new Intl.Collator('es-AR', { sensitivity: 'base' });
    expect(sortSpanish(names, (n) => n)).toEqual([...names].sort(collator.compare));
  });
});
