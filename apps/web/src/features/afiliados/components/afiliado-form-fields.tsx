import {
  type afiliadoInputSchema,
  NUMERIC_DOCUMENT_TYPES,
  type ObraSocialRef,
  type TipoDocumento,
} from '@red-dental/contracts';
import type { FieldErrors, UseFormRegister, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import styles from './afiliado-form.module.css';

/** What the affiliate forms hold before the contract schema turns it into the request body. */
export type AfiliadoFormValues = z.input<typeof afiliadoInputSchema>;

export const EMPTY_AFILIADO: AfiliadoFormValues = {
  nombre: '',
  tipoDocumento: '',
  documento: '',
  fecha_nacimiento: '',
  obraSocial: { id: '' },
};

/** Form values of an existing affiliate, for the edit modal. */
export function afiliadoToFormValues(afiliado: {
  nombre: string;
  tipoDocumento: string;
  documento: string;
  fecha_nacimiento: string | null;
  obraSocial: { id: number } | null;
}): AfiliadoFormValues {
  return {
    nombre: afiliado.nombre,
    tipoDocumento: afiliado.tipoDocumento,
    documento: afiliado.documento,
    fecha_nacimiento: afiliado.fecha_nacimiento ?? '',
    obraSocial: { id: afiliado.obraSocial?.id ?? '' },
  };
}

/** Puts the API's field errors (400 `fields`, 409 duplicate document) under their inputs; false if none applied. */
export function showServerErrors(
  form: Pick<UseFormReturn<AfiliadoFormValues>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  if (isApiError(error, 409)) {
    form.setError('documento', { message: error.message }, { shouldFocus: true });
    return true;
  }
  return applyServerErrors(form, error, { aliases: { obraSocial: 'obraSocial.id' } });
}

/** The five fields shared by the 'Cargar Afiliado' form and the 'Editar Afiliado' modal. */
export function AfiliadoFormFields({
  register,
  errors,
  tipos,
  tipoDocumento,
  obrasSociales,
  canBeUnassigned = false,
}: {
  register: UseFormRegister<AfiliadoFormValues>;
  errors: FieldErrors<AfiliadoFormValues>;
  tipos: readonly string[];
  /** The type currently chosen: DNI, LE and LC get a numeric keyboard. */
  tipoDocumento: string;
  obrasSociales: readonly ObraSocialRef[] | undefined;
  /** Offer 'No asignada' as a choice: an affiliate left without insurer can be saved as it is. */
  canBeUnassigned?: boolean;
}) {
  const insurerOptions = (obrasSociales ?? []).map((o) => ({ value: o.id, label: o.nombre }));
  const isNumeric = NUMERIC_DOCUMENT_TYPES.includes(tipoDocumento as TipoDocumento);
  return (
    <div className={styles.grid}>
      <TextInput
        label="Nombre Completo"
        autoComplete="off"
        className={styles.wide}
        error={errors.nombre?.message}
        {...register('nombre')}
      />
      <Select
        label="Tipo"
        placeholder="Seleccione el tipo"
        options={tipos.map((t) => ({ value: t, label: t }))}
        error={errors.tipoDocumento?.message}
        {...register('tipoDocumento')}
      />
      <TextInput
        label="Número de Documento"
        autoComplete="off"
        inputMode={isNumeric ? 'numeric' : 'text'}
        error={errors.documento?.message}
        {...register('documento')}
      />
      <TextInput
        label="Fecha de Nacimiento"
        type="date"
        min="1900-01-01"
        max={new Date().toISOString().slice(0, 10)}
        error={errors.fecha_nacimiento?.message}
        {...register('fecha_nacimiento')}
      />
      <Select
        label="Obra Social"
        placeholder={
          canBeUnassigned ? undefined : obrasSociales ? 'Seleccione una obra social' : 'Cargando...'
        }
        options={canBeUnassigned ? [{ value: '', label: 'No asignada' }, ...insurerOptions] : insurerOptions}
        error={errors.obraSocial?.id?.message ?? errors.obraSocial?.message}
        {...register('obraSocial.id', {
          // No choice is "no insurer": creation reports 'La obra social es obligatoria', edit sends null.
          setValueAs: (value: unknown) => (value === '' || value == null ? undefined : Number(value)),
        })}
      />
    </div>
  );
}
