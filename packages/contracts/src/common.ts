import { z } from 'zod';
import * as MESSAGES from './messages/index.ts';
import { DEFAULT_PAGE_SIZE, isStorableText, isValidEmail, MAX_ID, MAX_PAGE_SIZE } from './plain.ts';

export * from './plain.ts';

/** The one error body every API failure answers (docs/architecture.md, "Errors"). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A positive row id, from JSON or a string (path, query, form field). */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);

export const idParamSchema = z.object({ id: idSchema });

/**
 * Accepts any value and adds an issue at the path of each string in it that
 * is not storable text. Every request is checked with it before its own
 * schema (apps/api/src/app.ts), so no field anywhere can carry such a string.
 */
export const storableInputSchema = z.unknown().superRefine((input, ctx) => {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) ctx.addIssue({ code: 'custom', path, message: MESSAGES.TEXT_INVALID });
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) pending.push({ value: item, path: [...path, index] });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push({ value: item, path: [...path, key] });
    }
  }
});

/** A string field with a sane upper bound, so no client can fill a column with megabytes. */
export const boundedString = (max = 200) => z.string().trim().max(max, MESSAGES.FIELD_TOO_LONG);

/** A query-string flag: true/false/1/0, absent meaning false. */
export const booleanQueryParam = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An optional positive id in a query string, where '' (an empty select) means "none". */
export const optionalIdQueryParam = z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional());

// ---------------------------------------------------------------------------
// E-mail: one rule for every address the product accepts.
// ---------------------------------------------------------------------------

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

/** The query every paginated endpoint accepts; endpoints with filters extend it. */
export const paginatedQuerySchema = z.object({
  pageIndex: z.coerce
    .number()
    .int()
    .min(0)
    .max(Math.floor(MAX_ID / MAX_PAGE_SIZE))
    .default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});
export type PaginatedQuery = z.infer<typeof paginatedQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), rowCount: z.number().int() });
}
/** A page of rows: what `paginatedSchema(row)` parses, for any row type. */
export type Paginated<T> = z.infer<ReturnType<typeof paginatedSchema<z.ZodType<T>>>>;

/** `{message}`: the answer of actions whose result is a text to show. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
