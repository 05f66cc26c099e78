import { emptySchedule } from '@red-dental/contracts';
import { buildAfiliadoProfile, buildCartillaProfesional as provider } from '@red-dental/testing/responses';
import { mockApi } from './api-mock.ts';
import { storeAffiliateSession } from './factories.ts';
import { renderApp } from './render-app.tsx';

// The cartilla as its tests open it: a signed-in affiliate of OSDE and two providers, one with
// hours and an absence, one on call and not taking new patients.

export const PROFILE = buildAfiliadoProfile({ fecha_nacimiento: null, email: null, telefono: null });

export const ANA = provider(1, {
  nombre: 'Ana Benítez',
  razonSocial: 'Consultorio Benítez',
  telefono: '011 4823-5510',
  direccion: 'Av. Santa Fe 1234',
  depto: '3° B',
  localidad: 'Recoleta',
  lat: '-34.595000',
  long: '-58.395000',
  especialidades: [
    { id: 1, nombre: 'Odontología General' },
    { id: 2, nombre: 'Ortodoncia' },
  ],
  horarios: { ...emptySchedule(), L: { enabled: true, times: [{ start: '09:00', end: '13:00' }] } },
  datosConfirmadosAt: '2026-11-02T15:00:00.000Z',
  ausencias: [{ desde: '2026-11-24', hasta: '2026-12-05' }],
});
export const BRUNO = provider(2, {
  nombre: 'Bruno Díaz',
  direccion: 'Calle 7 850',
  localidad: 'La Plata',
  lat: '-34.920500',
  long: '-57.953600',
  especialidades: [{ id: 3, nombre: 'Endodoncia' }],
  guardias: { ...emptySchedule(), L: { enabled: true, times: [{ start: '08:00', end: '20:00' }] } },
  aceptaNuevosPacientes: false,
});

/** Opens /cartilla as the affiliate, the API answering these two providers and whatever `extra` adds. */
export function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  storeAffiliateSession();
  const api = mockApi({
    'GET /api/afiliados/profile': PROFILE,
    'GET /api/profesionales/obrasocial': [ANA, BRUNO],
    ...extra,
  });
  renderApp('/cartilla');
  return api;
}
