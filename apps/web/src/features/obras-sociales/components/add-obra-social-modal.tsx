import { MESSAGES, type ObraSocial, type ObraSocialInput } from '@red-dental/contracts';
import { useEffect, useState } from 'react';
import { type Control, type UseFormRegister, useFieldArray, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
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

/**
 * The 'Agregar Obra Social' form: a name, one or more phones and one or more
 * mails. Given an insurer, the same form changes it ('Editar Obra Social').
 */
export function AddObraSocialModal({ isOpen, onClose, onCreated, obraSocial }: AddObraSocialModalProps) {
  const toast = useToast();
  const editing = Boolean(obraSocial);
  const adding = useCreateObraSocial();
  const updating = useUpdateObraSocial();
  const isSaving = adding.isPending || updating.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<ObraSocialFormValues, unknown, ObraSocialInput>({
    resolver: obraSocialResolver,
    defaultValues: EMPTY_OBRA_SOCIAL,
  });

  // Each opening starts from the insurer shown (or empty), never from an earlier attempt.
  useEffect(() => {
    if (isOpen) reset(obraSocial ? valuesOf(obraSocial) : EMPTY_OBRA_SOCIAL);
  }, [isOpen, obraSocial, reset]);

  const close = () => {
    reset(EMPTY_OBRA_SOCIAL);
    setFailure(null);
    onClose();
  };

  /** The server names a list's entry `telefono.1`; the form holds its text at `telefono.1.value`. */
  const setEntryError: typeof setError = (name, error, options) =>
    setError((/^(telefono|mail)\.\d+$/.test(name) ? `${name}.value` : name) as typeof name, error, options);

  /** The spec's two failures: the server said no (any status, with its reason), or the request never completed. */
  const failed = (refused: string) => (error: Error) => {
    if (isApiError(error) && error.status >= 400) {
      applyServerErrors({ setError: setEntryError, getValues }, error);
      setFailure(`${refused}. ${error.message}`);
    } else setFailure(MESSAGES.obrasSociales.SUBMIT_FAILED);
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    if (obraSocial) {
      updating.mutate(
        { ...values, id: obraSocial.id },
        {
          onSuccess: (saved) => {
            toast.success(MESSAGES.obrasSociales.UPDATED(saved.nombre));
            close();
          },
          onError: failed(MESSAGES.obrasSociales.UPDATE_FAILED),
        },
      );
      return;
    }
    adding.mutate(values, {
      onSuccess: (created) => {
        toast.success(`Se agregó la obra social ${created.nombre}`);
        onCreated?.(created);
        close();
      },
      onError: failed(MESSAGES.obrasSociales.CREATE_FAILED),
    });
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={editing ? 'Editar Obra Social' : 'Agregar Obra Social'}
      closeOnOutsideClick={!isSaving}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSaving}>
            Cancelar
          </Button>
          <Button type="submit" form="add-obra-social-form" isLoading={isSaving}>
            {editing ? 'Guardar cambios' : 'Guardar Obra Social'}
          </Button>
        </>
      }
    >
      <form id="add-obra-social-form" className={styles.form} onSubmit={onSubmit} noValidate>
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
        {failure && <Alert>{failure}</Alert>}
      </form>
    </Modal>
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
