import { zodResolver } from '@hookform/resolvers/zod';
import { type Invitacion, invitacionSchema } from '@red-dental/contracts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { CheckboxGroup } from '@/components/ui/checkbox-group/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useInvitar } from '../api/invite-usuario.ts';
import styles from './usuarios-list.module.css';
import type { RoleOption } from './usuarios-list.tsx';

type InvitarValues = z.input<typeof invitacionSchema>;

export interface InvitarModalProps {
  isOpen: boolean;
  roles: readonly RoleOption[] | undefined;
  onClose: () => void;
}

/** 'Invitar': name, e-mail and roles; the person chooses their own password from the mailed link. */
export function InvitarModal({ isOpen, roles, onClose }: InvitarModalProps) {
  const toast = useToast();
  const invite = useInvitar();
  const form = useForm<InvitarValues, unknown, Invitacion>({
    resolver: zodResolver(invitacionSchema),
    defaultValues: { nombre: '', email: '', roles: [] },
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = form;

  useEffect(() => {
    if (isOpen) reset({ nombre: '', email: '', roles: [] });
  }, [isOpen, reset]);

  const close = () => {
    invite.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(message);
        close();
      },
      onError: (error) => applyServerErrors(form, error),
    }),
  );

  const failure =
    invite.error && !(isApiError(invite.error) && invite.error.fields) ? errorMessage(invite.error) : null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="Invitar a una persona del personal"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={invite.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="invitar-form" isLoading={invite.isPending}>
            Enviar invitación
          </Button>
        </>
      }
    >
      <form id="invitar-form" className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.hint}>
          Recibirá por email un enlace para elegir su contraseña, válido por 72 horas. Nadie más la conoce.
        </p>
        <TextInput label="Nombre" autoComplete="off" error={errors.nombre?.message} {...register('nombre')} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <Controller
          control={control}
          name="roles"
          render={({ field }) => (
            <CheckboxGroup
              ref={field.ref}
              legend="Roles"
              framed
              options={(roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
              value={(field.value ?? []) as number[]}
              onChange={field.onChange}
              error={errors.roles?.message}
            />
          )}
        />
        {failure && <Alert>{failure}</Alert>}
      </form>
    </Modal>
  );
}
