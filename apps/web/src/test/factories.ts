import {
  type CartillaProfesional,
  DEFAULT_ROLES,
  emptySchedule,
  type PermissionName,
  type Profesional,
  type RoleName,
  type SessionUser,
} from '@red-dental/contracts';
import { reloadSessionFromStorage, SESSION_KEY, TOKEN_KEY } from '@/lib/session.ts';

let nextId = 1;

/** A signed-in user holding one of the default roles, or exactly the given permissions. */
export function makeSessionUser(
  role: RoleName | { permissions: readonly PermissionName[] },
  overrides: Partial<SessionUser> = {},
): SessionUser {
  const id = nextId++;
  const name = typeof role === 'string' ? role : 'PERSONALIZADO';
  const permissions = typeof role === 'string' ? DEFAULT_ROLES[role] : role.permissions;
  return {
    id,
    user: `usuario${id}@reddental.com.ar`,
    professionalName: null,
    roles: [{ id: 1, name, permissions: permissions.map((p) => ({ name: p })) }],
    ...overrides,
  };
}

/** Stores a session the way a previous visit would have left it, and loads it. */
export function storeStaffSession(user: SessionUser | null, token = 'staff-token'): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (user) localStorage.setItem(SESSION_KEY, JSON.stringify({ kind: 'staff', user }));
  reloadSessionFromStorage();
}

export function storeAffiliateSession(token = 'afiliado-token'): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(SESSION_KEY, JSON.stringify({ kind: 'afiliado' }));
  reloadSessionFromStorage();
}

/** A professional as the API returns it, for the profile screens' tests. */
export function makeProfesional(overrides: Partial<Profesional> = {}): Profesional {
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

export const ESPECIALIDADES = [
  { id: 1, nombre: 'Odontología General' },
  { id: 2, nombre: 'Ortodoncia' },
  { id: 9, nombre: 'GUARDIAS' },
];

/** A provider of an affiliate's directory, with nothing but a name unless given. */
export function makeCartillaProfesional(
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
