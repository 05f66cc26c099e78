import { zodResolver } from '@hookform/resolvers/zod';
import { type Especialidad, type EspecialidadInput, especialidadInputSchema } from '@red-dental/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useSaveEspecialidad } from '../api/save-especialidad.ts';
import styles from './catalogue-form.module.css';

export interface EspecialidadModalProps {
  isOpen: boolean;
  /** The specialty to rename; none to create one. */
  especialidad?: Especialidad | null;
  onClose: () => void;
  onSaved: (especialidad: Especialidad) => void;
}

/** 'Nueva especialidad' or 'Editar especialidad': its name, unique whatever its case. */
export function EspecialidadModal({ isOpen, especialidad, onClose, onSaved }: EspecialidadModalProps) {
  const save = useSaveEspecialidad();
  const form = useForm<EspecialidadInput>({
    resolver: zodResolver(especialidadInputSchema),
    defaultValues: { nombre: '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  // Each opening starts from the specialty shown (or empty), never from an earlier attempt.
  useEffect(() => {
    if (isOpen) reset({ nombre: especialidad?.nombre ?? '' });
  }, [isOpen, especialidad, reset]);

  const close = () => {
    save.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { ...values, id: especialidad?.id },
      {
        onSuccess: (saved) => {
          save.reset();
          onSaved(saved);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  });

  const failure =
    save.error && !(isApiError(save.error) && save.error.fields) ? errorMessage(save.error) : null;
  const editing = Boolean(especialidad);
  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={editing ? 'Editar especialidad' : 'Nueva especialidad'}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="especialidad-form" isLoading={save.isPending}>
            {editing ? 'Guardar' : 'Crear especialidad'}
          </Button>
        </>
      }
    >
      <form id="especialidad-form" className={styles.form} onSubmit={onSubmit} noValidate>
        <TextInput label="Nombre" autoComplete="off" error={errors.nombre?.message} {...register('nombre')} />
        {editing && (
          <p className={styles.hint}>
            El nombre nuevo se verá en el perfil de cada profesional que la tiene.
          </p>
        )}
        {failure && <Alert>{failure}</Alert>}
      </form>
    </Modal>
  );
}
