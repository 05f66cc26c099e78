import { z } from 'zod';
import * as MESSAGES from './messages/index.ts';

/** The one error body every API failure answers (docs/architecture.md, "Errors"). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

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
  UNAVAILABLE: 'NO_DISPONIBLE',
  INTERNAL: 'ERROR_INTERNO',
} as const;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** A string field with a sane upper bound, so no client can fill a column with megabytes. */
export const boundedString = (max = 200) => z.string().trim().max(max, MESSAGES.FIELD_TOO_LONG);

/** A query-string flag: true/false/1/0, absent meaning false. */
export const booleanQueryParam = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An optional positive id in a query string, where '' (an empty select) means "none". */
export const optionalIdQueryParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

// ---------------------------------------------------------------------------
// E-mail: one rule for every address the product accepts.
// ---------------------------------------------------------------------------

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;

/** The basic x@y.z shape, at most 254 characters. */
export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(value);
}

/** A required e-mail, trimmed and lower-cased; `invalid` is the message of the form that asks for it. */
export function emailSchema(invalid: string = MESSAGES.EMAIL_INVALID) {
  return z
    .string({ error: MESSAGES.EMAIL_REQUIRED })
    .trim()
    .min(1, MESSAGES.EMAIL_REQUIRED)
    .toLowerCase()
    .refine(isValidEmail, invalid);
}

// ---------------------------------------------------------------------------
// Paging: `{pageIndex (0-based), pageSize, search}` in, `{rows, rowCount}` out.
// ---------------------------------------------------------------------------

export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** The query every paginated endpoint accepts; endpoints with filters extend it. */
export const paginatedQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});
export type PaginatedQuery = z.infer<typeof paginatedQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), rowCount: z.number().int() });
}
export interface Paginated<T> {
  rows: T[];
  rowCount: number;
}

/** `{message}`: the answer of actions whose result is a text to show. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
