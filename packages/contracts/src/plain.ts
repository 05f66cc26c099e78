/**
 * The contract's plain values and checks, apart from its schemas: a screen
 * that only reads the API imports these without the schema library, so a
 * phone does not download and evaluate zod to show a list (common.ts
 * re-exports them with the schemas built on them).
 */

export const ERROR_CODES = {
  VALIDATION: 'VALIDACION',
  MALFORMED_JSON: 'JSON_INVALIDO',
  UNAUTHENTICATED: 'NO_AUTENTICADO',
  FORBIDDEN: 'SIN_PERMISO',
  NOT_FOUND: 'NO_ENCONTRADO',
  CONFLICT: 'CONFLICTO',
  /** A mailed single-use link (recovery, e-mail confirmation) that is unknown, used or expired. */
  INVALID_TOKEN: 'TOKEN_INVALIDO',
  PAYLOAD_TOO_LARGE: 'DEMASIADO_GRANDE',
  UNSUPPORTED_MEDIA: 'TIPO_NO_ADMITIDO',
  RATE_LIMITED: 'DEMASIADOS_INTENTOS',
  /** A visit with a line the plan's rules stop: the answer carries every line's results. */
  BLOCKED: 'PRESTACION_BLOQUEADA',
  /** The network requires a second factor of this account, and its session was opened without one. */
  SECOND_FACTOR_REQUIRED: 'SEGUNDO_FACTOR_REQUERIDO',
  /** The affiliate's health data are read only from the phone enrolled for their token, with its current code. */
  TOKEN_REQUIRED: 'TOKEN_REQUERIDO',
  UNAVAILABLE: 'NO_DISPONIBLE',
  INTERNAL: 'ERROR_INTERNO',
} as const;

/**
 * Whether holding these permissions makes the second factor compulsory where
 * the network requires it (REQUIRE_STAFF_2FA): whoever keeps accounts, loads
 * affiliates, reads the audit log or keeps the directory.
 */
export function requiresSecondFactor(permissions: Iterable<string>): boolean {
  for (const p of permissions)
    if (
      p.startsWith('USERS.') ||
      p === 'AFILIADOS.CREATE' ||
      p === 'AUDIT.GET' ||
      p === 'PROFESSIONALS.UPDATE'
    )
      return true;
  return false;
}

/** The largest id a row can have (PostgreSQL integer); a larger one names nothing. */
export const MAX_ID = 2_147_483_647;

/** A NUL character, or half of a UTF-16 surrogate pair without its other half. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters refused.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for text PostgreSQL cannot store (see UNSTORABLE). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;

/** The basic x@y.z shape, at most 254 characters. */
export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(value);
}

/** A trailing extension: 'int. 12', 'interno 12', 'ext 12'. */
const PHONE_EXTENSION = /\s*(?:int\.?|interno|ext\.?)\s*\d{1,6}$/i;
/** Digits with spaces, dashes, dots, slashes or brackets, from a '+', a '(' or a digit. */
const PHONE_SHAPE = /^[+(\d][\d\s().\-/]*$/;

/**
 * A phone as people write one in Argentina ('011 4321-5678', '+54 9 11 5834-2290',
 * '(0341) 456-7890', '0800-222-4662 int. 12'): 6 to 15 digits (an international
 * number has at most 15) besides an optional extension, and nothing but
 * separators between them, so a name or a note in the field is refused.
 */
export function isValidPhone(value: string): boolean {
  const number = value.trim().replace(PHONE_EXTENSION, '');
  if (!PHONE_SHAPE.test(number)) return false;
  const digits = number.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Paging: `{pageIndex (0-based), pageSize, search}` in, `{rows, rowCount}` out. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/**
 * Where a map opens while it has nothing of its own to show (the Obelisco, in
 * Buenos Aires): a place to look from, never an office's place. The API
 * refuses it as a profile's coordinates.
 */
export const MAP_FALLBACK_CENTER = { lat: -34.6037, long: -58.3816 } as const;

/** How long a signed file link (a notification's `message[0]`) stays valid. */
export const FILE_LINK_TTL_SECONDS = 10 * 60;

/** What a look-up of an affiliate's data was, as the affiliate reads it (`GET /api/afiliados/profile/accesos`). */
export const ACCESO_TIPOS = [
  'consulta',
  'busqueda',
  'ficha',
  'alta',
  'modificacion',
  'baja',
  'reactivacion',
  'historia',
  'prestaciones',
  'token_incorrecto',
  'token_codigo',
  'token_desactivado',
] as const;
export type AccesoTipo = (typeof ACCESO_TIPOS)[number];

export const ACCESO_TIPO_LABELS: Record<AccesoTipo, string> = {
  consulta: 'Consultó su cobertura',
  busqueda: 'Lo vio en una búsqueda',
  ficha: 'Abrió su ficha',
  alta: 'Lo dio de alta',
  modificacion: 'Modificó sus datos',
  baja: 'Lo dio de baja',
  reactivacion: 'Lo reactivó',
  historia: 'Consultó su historia odontológica',
  prestaciones: 'Registró prestaciones',
  token_incorrecto: 'Escribió un token suyo incorrecto o ya usado',
  token_codigo: 'Generó un código para activar su token',
  token_desactivado: 'Desactivó su token',
};

/**
 * The specialty that, ticked, opens the on-call schedule editor. Not a
 * specialty to an affiliate: the directory leaves it out of the list.
 */
export const GUARDIAS = 'GUARDIAS';

// ---------------------------------------------------------------------------
// The affiliate's token (token-afiliado.ts has its schemas)
// ---------------------------------------------------------------------------

/**
 * The header in which the portal sends the phone's current code with a read of the affiliate's health
 * data: a session opens with a document, the enrolled phone proves more.
 */
export const TOKEN_AFILIADO_HEADER = 'x-token-afiliado';

/** How a device was enrolled: a link mailed to the proven e-mail, or a code the network printed. */
export const TOKEN_VIAS = ['correo', 'codigo'] as const;
export type TokenVia = (typeof TOKEN_VIAS)[number];

/** Why a device stopped showing the token. */
export const TOKEN_FINES = ['cierre_sesion', 'revocado', 'reemplazado', 'otro_afiliado'] as const;
export type TokenFin = (typeof TOKEN_FINES)[number];

export const TOKEN_FIN_LABELS: Record<TokenFin, string> = {
  cierre_sesion: 'el afiliado cerró la sesión',
  revocado: 'lo desactivó el personal de la red',
  reemplazado: 'se activó en otro teléfono',
  otro_afiliado: 'otro afiliado ingresó en ese teléfono',
};
