import { type ObraSocialInput, obraSocialInputSchema } from '@red-dental/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The insurer form's values: each phone and mail is an entry of a list the user grows and shrinks. */
export interface ObraSocialFormValues {
  nombre: string;
  telefono: { value: string }[];
  mail: { value: string }[];
}

export const EMPTY_OBRA_SOCIAL: ObraSocialFormValues = {
  nombre: '',
  telefono: [{ value: '' }],
  mail: [{ value: '' }],
};

export function toObraSocialInput(values: ObraSocialFormValues) {
  return {
    nombre: values.nombre,
    telefono: values.telefono.map((entry) => entry.value),
    mail: values.mail.map((entry) => entry.value),
  };
}

/**
 * Validates with the API's own schema: the form's lists of entries are
 * flattened to its lists of strings, and an error at `mail[2]` is shown on the
 * third mail input.
 */
export const obraSocialResolver: Resolver<ObraSocialFormValues, unknown, ObraSocialInput> = async (
  values,
) => {
  const result = obraSocialInputSchema.safeParse(toObraSocialInput(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const [field, index] = issue.path;
    const error = { type: issue.code, message: issue.message };
    if (field === 'nombre') errors.nombre ??= error;
    else if ((field === 'telefono' || field === 'mail') && typeof index === 'number') {
      const list = (errors[field] ?? []) as unknown[];
      list[index] ??= { value: error };
      errors[field] = list;
    }
  }
  return { values: {}, errors: errors as FieldErrors<ObraSocialFormValues> };
};
