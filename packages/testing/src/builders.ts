import { randomBytes } from 'node:crypto';
import type {
  AfiliadoInput,
  CreateUser,
  ObraSocialInput,
  Registro,
  ReglaValues,
} from '@red-dental/contracts';

/**
 * Request bodies typed by the contracts, valid as they come, so a test states
 * only the fields it is about. Names and documents are unique per call: test
 * files share one database (and browser tests one server), so fixed values
 * would collide.
 */

let sequence = 0;
/** A counter for readable values and a random part for uniqueness across processes. */
function uniqueSuffix(): string {
  sequence += 1;
  return `${sequence}-${randomBytes(3).toString('hex')}`;
}

/** Where this process's document numbers start: drawn once, so two processes rarely meet. */
const DOCUMENTO_BASE = randomBytes(4).readUInt32BE(0) % 79_999_999;

/**
 * An 8-digit, DNI-shaped document number: this process's start plus a prime step per call, so none
 * repeats within a process (7919 and 79,999,999 share no factor); two processes' runs of numbers
 * meet only if their starts fall a few steps apart.
 */
export function uniqueDocumento(): string {
  sequence += 1;
  return String(20_000_000 + ((DOCUMENTO_BASE + sequence * 7919) % 79_999_999));
}

/** A name no other test of this run uses: `prefix` and a unique suffix. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${uniqueSuffix()}`;
}

/** An address under example.com, a domain reserved for examples, so no mail can reach anyone. */
export function uniqueEmail(prefix = 'persona'): string {
  return `${prefix}.${uniqueSuffix()}@example.com`.toLowerCase();
}

/** Body of POST /api/obra-sociales. */
export function buildObraSocialInput(overrides: Partial<ObraSocialInput> = {}): ObraSocialInput {
  return {
    nombre: uniqueName('Obra Social'),
    telefono: ['011 4000-0000'],
    mail: ['contacto@obra-social.example'],
    ...overrides,
  };
}

/** Body of POST /api/afiliados: a DNI holder of the given insurer, born in 1980. */
export function buildAfiliadoInput(
  overrides: Partial<AfiliadoInput> & Pick<AfiliadoInput, 'obraSocial'>,
): AfiliadoInput {
  return {
    nombre: uniqueName('Afiliado Prueba'),
    tipoDocumento: 'DNI',
    documento: uniqueDocumento(),
    fecha_nacimiento: '1980-05-17',
    ...overrides,
  };
}

/** A password that meets the rules, for accounts a test creates. */
export const TEST_PASSWORD = 'Consultorio-2025';

/** Body of POST /api/registro: a dentist signing up. */
export function buildRegistroInput(overrides: Partial<Registro> = {}): Registro {
  const nombre = overrides.nombre ?? uniqueName('Laura Giménez');
  return {
    nombre,
    email: uniqueEmail('profesional'),
    password: TEST_PASSWORD,
    razonSocial: `Consultorio ${nombre}`,
    ...overrides,
  };
}

/** Body of POST /api/user: a staff account, with no roles unless given. */
export function buildCreateUserInput(overrides: Partial<CreateUser> = {}): CreateUser {
  return { user: uniqueEmail('personal'), pass: TEST_PASSWORD, roles: [], ...overrides };
}

/**
 * Body of POST /api/planes/{id}/reglas (and a rule as the engine reads it): the
 * target covered whole from 2026, with no limits; `overrides` set any term.
 */
export function buildReglaInput(overrides: Partial<ReglaValues> = {}): ReglaValues {
  return {
    objetivo: '05.01',
    cubre: true,
    coberturaPct: 100,
    coseguroImporte: null,
    coseguroPct: null,
    requiereAutorizacion: false,
    adjuntos: [],
    frecuencia: null,
    periodoDias: null,
    anioCalendario: false,
    ambito: null,
    mismoPrestador: false,
    edadMin: null,
    edadMax: null,
    carenciaDias: null,
    topeMensual: null,
    garantiaMeses: null,
    vigenteDesde: '2026-01-01',
    vigenteHasta: null,
    ...overrides,
  };
}
