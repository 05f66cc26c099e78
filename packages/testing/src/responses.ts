import {
  type Afiliado,
  type AfiliadoProfile,
  type CartillaProfesional,
  emptySchedule,
  type Profesional,
  type ProfesionalRow,
  type Solicitud,
} from '@red-dental/contracts';

/**
 * Answers of the API (professionals, affiliates), typed by the contracts, for tests
 * that stand in for the server (the web's component tests). Each is a valid
 * answer as it comes, so a test states only the fields it is about. This file
 * imports nothing from Node, so a browser-side test can load it alone
 * (`@red-dental/testing/responses`).
 */

/** `GET /api/profesionales/{id}`, `GET /api/profesionales/profile`: a complete, approved profile. */
export function buildProfesional(overrides: Partial<Profesional> = {}): Profesional {
  return {
    id: 7,
    nombre: 'Laura Benítez',
    razonSocial: 'Consultorio Benítez',
    email: 'laura@example.com',
    telefono: '011 4823-5510',
    direccion: 'Av. Santa Fe 1234, Buenos Aires',
    depto: '3° B',
    lat: '-34.595000',
    long: '-58.395000',
    localidad: 'Recoleta',
    ubicacionOrigen: 'geocoder',
    especialidades: [{ id: 1, nombre: 'Odontología General' }],
    obrasSociales: [{ id: 10, nombre: 'OSDE' }],
    zonas: [{ id: 3, nombre: 'Norte', numero: 3 }],
    horarios: { ...emptySchedule(), L: { enabled: true, times: [{ start: '09:00', end: '13:00' }] } },
    guardias: emptySchedule(),
    user: { id: 70 },
    matricula: 'MN 12345',
    matriculaJurisdiccion: 'Nacional',
    matriculaVerificadaAt: null,
    matriculaVerificadaPor: null,
    aceptaNuevosPacientes: true,
    ausencias: [],
    datosConfirmadosAt: '2026-11-02T15:00:00.000Z',
    ...overrides,
  };
}

/** `GET /api/especialidades` with the catalogue's ordinary entries and GUARDIAS. */
export const ESPECIALIDADES_RESPONSE = [
  { id: 1, nombre: 'Odontología General' },
  { id: 2, nombre: 'Ortodoncia' },
  { id: 9, nombre: 'GUARDIAS' },
];

/** One provider of `GET /api/profesionales/obrasocial` (the cartilla), with nothing but a name unless given. */
export function buildCartillaProfesional(
  id: number,
  overrides: Partial<CartillaProfesional> = {},
): CartillaProfesional {
  return {
    id,
    nombre: `Profesional ${id}`,
    razonSocial: null,
    telefono: null,
    direccion: null,
    depto: null,
    lat: null,
    long: null,
    localidad: null,
    especialidades: [],
    horarios: emptySchedule(),
    guardias: emptySchedule(),
    aceptaNuevosPacientes: true,
    ausencias: [],
    datosConfirmadosAt: null,
    ...overrides,
  };
}

/** One row of `GET /api/profesionales/paginated`. */
export function buildProfesionalRow(id: number, overrides: Partial<ProfesionalRow> = {}): ProfesionalRow {
  return {
    id,
    nombre: `Profesional ${id}`,
    razonSocial: null,
    telefono: null,
    especialidades: [],
    ...overrides,
  };
}

/** One pending request of `GET /api/profesionales/solicitudes`, its address confirmed. */
export function buildSolicitud(id: number, overrides: Partial<Solicitud> = {}): Solicitud {
  return {
    id,
    nombre: `Profesional ${id}`,
    razonSocial: null,
    email: `profesional${id}@consultorio.example`,
    emailConfirmado: true,
    createdAt: '2026-11-20T12:00:00.000Z',
    user: { id: 100 + id },
    matricula: `MP ${1000 + id}`,
    matriculaJurisdiccion: 'Córdoba',
    ...overrides,
  };
}

/** `GET /api/afiliados/profile`: the signed-in affiliate as the portal reads them, signed in with a birth date. */
export function buildAfiliadoProfile(overrides: Partial<AfiliadoProfile> = {}): AfiliadoProfile {
  return {
    id: 3,
    nombre: 'Lucía Fernández',
    tipoDocumento: 'DNI',
    documento: '30123456',
    fecha_nacimiento: '1990-05-17',
    obraSocial: { id: 1, nombre: 'OSDE' },
    plan: { id: 1, codigo: '210', nombre: 'Plan 210' },
    numeroAfiliado: '60-123456-01',
    fechaAlta: '2024-03-01',
    email: 'lucia@example.com',
    emailPendiente: null,
    telefono: '11 5555-0000',
    contactoOculto: false,
    ...overrides,
  };
}

/** A row of `GET /api/afiliados/paginated` (and `GET /api/afiliados/{id}`): an active affiliate of the registry. */
export function buildAfiliado(id: number, overrides: Partial<Afiliado> = {}): Afiliado {
  return {
    id,
    nombre: 'Juan Pérez',
    tipoDocumento: 'DNI',
    documento: String(30_000_000 + id),
    fecha_nacimiento: null,
    obraSocial: { id: 1, nombre: 'OSDE' },
    plan: null,
    numeroAfiliado: null,
    fechaAlta: null,
    fechaBaja: null,
    ...overrides,
  };
}
