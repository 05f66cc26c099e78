import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';

/**
 * Reads a JSON data file and checks it against its schema, so a broken file
 * stops the seed at once with the file and the path of every bad value
 * instead of producing odd demo rows later.
 */
export function loadDataFile<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const file = fileURLToPath(url);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(url, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : '(root)';
      return `  at ${path}: ${issue.message}`;
    });
    throw new Error(`${file} does not match its schema:\n${problems.join('\n')}`);
  }
  return result.data;
}
