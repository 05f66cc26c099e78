import { invitacionSchema } from '@red-dental/contracts';
import { Controller } from 'react-hook-form';
import { CheckboxGroup } from '@/components/ui/checkbox-group/index.ts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { useInvitar } from '../api/invite-usuario.ts';
import type { RoleOption } from './usuarios-list.tsx';

export interface InvitarModalProps {
  isOpen: boolean;
  roles: readonly RoleOption[] | undefined;
  onClose: () => void;
}

/** 'Invitar': name, e-mail and roles; the person chooses their own password from the mailed link. */
export function InvitarModal({ isOpen, roles, onClose }: InvitarModalProps) {
  const toast = useToast();
  const invite = useInvitar();
  return (
    <FormModal
      isOpen={isOpen}
      onClose={onClose}
      title="Invitar a una persona del personal"
      description="Recibirá por email un enlace para elegir su contraseña, válido por 72 horas. Nadie más la conoce."
      schema={invitacionSchema}
      defaultValues={{ nombre: '', email: '', roles: [] }}
      submitLabel="Enviar invitación"
      onSubmit={async (values) => {
        toast.success((await invite.mutateAsync(values)).message);
        onClose();
      }}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <TextInput
            label="Nombre"
            autoComplete="off"
            error={errors.nombre?.message}
            {...register('nombre')}
          />
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
        </>
      )}
    </FormModal>
  );
}
