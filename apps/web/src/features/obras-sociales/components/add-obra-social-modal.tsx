import { MESSAGES, type ObraSocial, type ObraSocialInput } from '@red-dental/contracts';
import { useState } from 'react';
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
}

/** The 'Agregar Obra Social' form: a name, one or more phones and one or more mails. */
export function AddObraSocialModal({ isOpen, onClose, onCreated }: AddObraSocialModalProps) {
  const toast = useToast();
  const creation = useCreateObraSocial();
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

  const close = () => {
    reset(EMPTY_OBRA_SOCIAL);
    setFailure(null);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    creation.mutate(values, {
      onSuccess: (created) => {
        toast.success(`Se agregó la obra social ${created.nombre}`);
        onCreated?.(created);
        close();
      },
      onError: (error) => {
        // The spec's two failures: the server said no (any status), or the request never completed.
        if (isApiError(error) && error.status >= 400) {
          applyServerErrors({ setError, getValues }, error);
          setFailure(`${MESSAGES.obrasSociales.CREATE_FAILED}. ${error.message}`);
        } else setFailure(MESSAGES.obrasSociales.SUBMIT_FAILED);
      },
    });
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="Agregar Obra Social"
      closeOnOutsideClick={!creation.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={creation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="add-obra-social-form" isLoading={creation.isPending}>
            Guardar Obra Social
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
