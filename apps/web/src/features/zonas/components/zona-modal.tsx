import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, type Zona, zonaInputSchema } from '@red-dental/contracts';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useSaveZona } from '../api/save-zona.ts';
import styles from './zona-modal.module.css';

interface ZonaValues {
  nombre: string;
  numero: string;
}

export interface ZonaModalProps {
  isOpen: boolean;
  /** The zone to change; none to create one. */
  zona?: Zona | null;
  onClose: () => void;
  onSaved: (zona: Zona) => void;
}

/**
 * 'Nueva zona' (Nombre and Número, unique, created with 'Crear zona') or
 * 'Editar zona' for one that exists.
 */
export function ZonaModal({ isOpen, zona, onClose, onSaved }: ZonaModalProps) {
  const create = useSaveZona();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = Boolean(zona);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<ZonaValues>({
    resolver: zodResolver(zonaInputSchema, undefined, { raw: true }) as Resolver<ZonaValues>,
    defaultValues: { nombre: '', numero: '' },
  });

  // Each opening starts from the zone shown (or empty), never from an earlier attempt.
  useEffect(() => {
    if (isOpen)
      reset(zona ? { nombre: zona.nombre, numero: String(zona.numero) } : { nombre: '', numero: '' });
  }, [isOpen, zona, reset]);

  const close = () => {
    setFailure(null);
    create.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    create.mutate(
      { nombre: values.nombre, numero: Number(values.numero), id: zona?.id },
      {
        onSuccess: (saved) => {
          setFailure(null);
          onSaved(saved);
        },
        onError: (error) => {
          const placed = applyServerErrors({ setError, getValues }, error);
          // Creating keeps the spec's message, with the server's reason when no field shows it.
          if (!editing)
            setFailure(
              placed
                ? MESSAGES.zonas.CREATE_FAILED
                : `${MESSAGES.zonas.CREATE_FAILED}: ${errorMessage(error)}`,
            );
          else if (!placed) setFailure(errorMessage(error));
        },
      },
    );
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={editing ? 'Editar zona' : 'Nueva zona'}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="zona-form" isLoading={create.isPending}>
            {editing ? 'Guardar' : 'Crear zona'}
          </Button>
        </>
      }
    >
      <form id="zona-form" className={styles.form} onSubmit={onSubmit} noValidate>
        <TextInput label="Nombre" autoComplete="off" error={errors.nombre?.message} {...register('nombre')} />
        <TextInput
          label="Número"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.numero?.message}
          {...register('numero')}
        />
        {failure && <Alert>{failure}</Alert>}
      </form>
    </Modal>
  );
}
