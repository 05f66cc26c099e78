import { storableInputSchema } from '@red-dental/contracts';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Parses values the route read itself (multipart fields) with their contract
 * schema, answering a 400 shaped like every other validation error:
 * `{error, code, fields}`, `error` being `summary` or the first field's message.
 * As for every request, text PostgreSQL cannot store is refused first.
 */
export function parseForm<S extends z.ZodType>(schema: S, values: unknown, summary?: string): z.output<S> {
  const result = storableInputSchema.pipe(schema).safeParse(values);
  if (result.success) return result.data as z.output<S>;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw badRequest(summary ?? Object.values(fields)[0]!, fields);
}
