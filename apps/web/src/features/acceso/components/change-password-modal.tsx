import { changePasswordFormSchema, MESSAGES } from '@red-dental/contracts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { PasswordInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { useChangePassword } from '../api/change-password.ts';

/**
 * 'Cambiar Contraseña': the current password first (a session alone must not
 * be enough to take an account), then the new one twice. Other sessions of
 * the account end; this one goes on with the token the server hands back.
 */
export function ChangePasswordModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const toast = useToast();
  const change = useChangePassword();
  return (
    <FormModal
      isOpen={isOpen}
      onClose={onClose}
      title="Cambiar Contraseña"
      size="sm"
      schema={changePasswordFormSchema}
      defaultValues={{ currentPassword: '', password: '', confirmPassword: '' }}
      submitLabel="Guardar"
      onSubmit={async ({ currentPassword, password }) => {
        await change.mutateAsync({ currentPassword, password });
        toast.success(MESSAGES.PASSWORD_CHANGED);
        onClose();
      }}
      onFailure={(_error, placed) => {
        if (!placed) toast.error(MESSAGES.PASSWORD_CHANGE_FAILED);
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <PasswordInput
            label="Contraseña actual"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="new-password"
            hint="Al menos 8 caracteres"
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordInput
            label="Confirmar Contraseña"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </>
      )}
    </FormModal>
  );
}
