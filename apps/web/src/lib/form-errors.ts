import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { isApiError } from './api-client.ts';

export interface ApplyServerErrorsOptions<T extends FieldValues> {
  /**
   * Where a server field goes when the form names it otherwise, by the
   * field's first segment: `{ obraSocial: 'obraSocial.id' }` puts both
   * `obraSocial` and `obraSocial.id` under the insurer select.
   */
  aliases?: Partial<Record<string, FieldPath<T>>>;
}

/**
 * Puts the `fields` of an API validation error (400 `{error, fields}`) under
 * the inputs of a react-hook-form form, focusing the first one. Fields the
 * form does not hold are skipped. Returns whether any error was set, so the
 * caller shows the general message only when nothing could be placed.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  options: ApplyServerErrorsOptions<T> = {},
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const values: Record<string, unknown> = form.getValues();
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const root = field.split('.')[0]!;
    const target = options.aliases?.[root] ?? (root in values ? (field as FieldPath<T>) : undefined);
    if (!target) continue;
    form.setError(target, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
