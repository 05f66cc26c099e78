import { z } from 'zod';

/** The one error body every API failure answers (DESIGN section 3). */
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
  PAYLOAD_TOO_LARGE: 'DEMASIADO_GRANDE',
  UNSUPPORTED_MEDIA: 'TIPO_NO_ADMITIDO',
  RATE_LIMITED: 'DEMASIADOS_INTENTOS',
  UNAVAILABLE: 'NO_DISPONIBLE',
  INTERNAL: 'ERROR_INTERNO',
} as const;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const paginatedQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});

export function paginatedSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), rowCount: z.number().int() });
}

/** A string field with a sane upper bound, so no client can fill a column with megabytes. */
export const boundedString = (max = 200) => z.string().trim().max(max, 'El texto es demasiado largo');
