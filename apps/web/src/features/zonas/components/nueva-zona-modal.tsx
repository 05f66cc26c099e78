import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, type Zona, zonaInputSchema } from '@red-dental/contracts';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useCreateZona } from '../api/create-zona.ts';
import styles from './nueva-zona-modal.module.css';

interface NuevaZonaValues {
  nombre: string;
  numero: string;
}

export interface NuevaZonaModalProps {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (zona: Zona) => void;
}

/** 'Nueva zona': Nombre and Número (unique), created with 'Crear zona'. */
export function NuevaZonaModal({ isOpen, onClose, onCreated }: NuevaZonaModalProps) {
  const create = useCreateZona();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<NuevaZonaValues>({
    resolver: zodResolver(zonaInputSchema, undefined, { raw: true }) as Resolver<NuevaZonaValues>,
    defaultValues: { nombre: '', numero: '' },
  });

  const close = () => {
    reset();
    setFailed(false);
    create.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setFailed(false);
    create.mutate(
      { nombre: values.nombre, numero: Number(values.numero) },
      {
        onSuccess: (zona) => {
          reset();
          onCreated(zona);
        },
        onError: (error) => {
          applyServerErrors({ setError, getValues }, error);
          setFailed(true);
        },
      },
    );
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="Nueva zona"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="nueva-zona-form" isLoading={create.isPending}>
            Crear zona
          </Button>
        </>
      }
    >
      <form id="nueva-zona-form" className={styles.form} onSubmit={onSubmit} noValidate>
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
        {failed && <Alert>{MESSAGES.profesionales.ZONA_CREATE_FAILED}</Alert>}
      </form>
    </Modal>
  );
}
