import { MESSAGES, type ObraSocial, type ObraSocialInput } from '@red-dental/contracts';
import { type Control, type UseFormRegister, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { PlusIcon } from '@/components/ui/screen-icons/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useCreateObraSocial } from '../api/create-obra-social.ts';
import { useUpdateObraSocial } from '../api/update-obra-social.ts';
import styles from './add-obra-social-modal.module.css';
import {
  EMPTY_OBRA_SOCIAL,
  type ObraSocialFormValues,
  obraSocialResolver,
} from './obra-social-form-values.ts';

export interface AddObraSocialModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** The insurer just created, to be offered (and chosen) where the modal was opened. */
  onCreated?: (obraSocial: ObraSocial) => void;
  /** The insurer to change; without it the modal adds one. */
  obraSocial?: ObraSocial | null;
}

/** The form's values for an insurer as it is: each list keeps at least one entry to type in. */
const valuesOf = (o: ObraSocial): ObraSocialFormValues => ({
  nombre: o.nombre,
  telefono: (o.telefono.length > 0 ? o.telefono : ['']).map((value) => ({ value })),
  mail: (o.mail.length > 0 ? o.mail : ['']).map((value) => ({ value })),
});

/** The server names a list's entry `telefono.1`; the form holds its text at `telefono.1.value`. */
function placeEntryErrors(
  form: UseFormReturn<ObraSocialFormValues, unknown, ObraSocialInput>,
  error: unknown,
) {
  const setError: typeof form.setError = (name, fieldError, options) =>
    form.setError(
      (/^(telefono|mail)\.\d+$/.test(name) ? `${name}.value` : name) as typeof name,
      fieldError,
      options,
    );
  return applyServerErrors({ setError, getValues: form.getValues }, error);
}

/**
 * The 'Agregar Obra Social' form: a name, one or more phones and one or more
 * mails. Given an insurer, the same form changes it ('Editar Obra Social').
 */
export function AddObraSocialModal({ isOpen, onClose, onCreated, obraSocial }: AddObraSocialModalProps) {
  const toast = useToast();
  const adding = useCreateObraSocial();
  const updating = useUpdateObraSocial();

  const save = async (values: ObraSocialInput) => {
    if (obraSocial) {
      const saved = await updating.mutateAsync({ ...values, id: obraSocial.id });
      toast.success(MESSAGES.obrasSociales.UPDATED(saved.nombre));
    } else {
      const created = await adding.mutateAsync(values);
      toast.success(`Se agregó la obra social ${created.nombre}`);
      onCreated?.(created);
    }
    onClose();
  };

  /** The spec's two failures: the server said no (any status, with its reason), or the request never completed. */
  const describeFailure = (error: unknown) => {
    const refused = obraSocial ? MESSAGES.obrasSociales.UPDATE_FAILED : MESSAGES.obrasSociales.CREATE_FAILED;
    return isApiError(error) && error.status >= 400
      ? `${refused}. ${error.message}`
      : MESSAGES.obrasSociales.SUBMIT_FAILED;
  };

  return (
    <FormModal
      isOpen={isOpen}
      onClose={onClose}
      title={obraSocial ? 'Editar Obra Social' : 'Agregar Obra Social'}
      resolver={obraSocialResolver}
      defaultValues={obraSocial ? valuesOf(obraSocial) : EMPTY_OBRA_SOCIAL}
      submitLabel={obraSocial ? 'Guardar cambios' : 'Guardar Obra Social'}
      onSubmit={save}
      placeServerErrors={placeEntryErrors}
      onFailure={describeFailure}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <TextInput
            label="Nombre"
            autoComplete="organization"
            error={errors.nombre?.message}
            {...register('nombre')}
          />
          <EntryList
            name="telefono"
            legend="Teléfonos"
            entryLabel="Teléfono"
            addText="Agregar otro teléfono"
            inputType="tel"
            control={control}
            register={register}
            errors={errors.telefono?.map?.((e) => e?.value?.message)}
          />
          <EntryList
            name="mail"
            legend="Mails"
            entryLabel="Mail"
            addText="Agregar otro mail"
            inputType="email"
            control={control}
            register={register}
            errors={errors.mail?.map?.((e) => e?.value?.message)}
          />
        </>
      )}
    </FormModal>
  );
}

function EntryList({
  name,
  legend,
  entryLabel,
  addText,
  inputType,
  control,
  register,
  errors,
}: {
  name: 'telefono' | 'mail';
  legend: string;
  entryLabel: string;
  addText: string;
  inputType: 'tel' | 'email';
  control: Control<ObraSocialFormValues, unknown, ObraSocialInput>;
  register: UseFormRegister<ObraSocialFormValues>;
  errors: (string | undefined)[] | undefined;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {fields.map((field, index) => (
        <div key={field.id} className={styles.entry}>
          <TextInput
            label={`${entryLabel} ${index + 1}`}
            type={inputType}
            autoComplete={inputType === 'email' ? 'email' : 'tel'}
            className={styles.entryInput}
            error={errors?.[index]}
            {...register(`${name}.${index}.value` as const)}
          />
          {/* The first entry stays: an insurer form always offers at least one. */}
          {index > 0 && (
            <button
              type="button"
              className={styles.link}
              onClick={() => remove(index)}
              aria-label={`Quitar ${entryLabel.toLowerCase()} ${index + 1}`}
            >
              Quitar
            </button>
          )}
        </div>
      ))}
      <button type="button" className={styles.link} onClick={() => append({ value: '' })}>
        <PlusIcon size={16} />
        {addText}
      </button>
    </fieldset>
  );
}
