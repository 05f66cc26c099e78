import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, MESSAGES } from '@red-dental/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { PasswordInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import styles from '@/styles/form-page.module.css';
import { useChangePassword } from '../api/change-password.ts';

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;
const EMPTY: ChangePasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * 'Cambiar Contraseña': the current password first (a session alone must not
 * be enough to take an account), then the new one twice. Other sessions of
 * the account end; this one goes on with the token the server hands back.
 */
export function ChangePasswordModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const toast = useToast();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<ChangePasswordValues, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const close = () => {
    reset(EMPTY);
    change.reset();
    onClose();
  };

  const onSubmit = handleSubmit(({ currentPassword, password }) =>
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          toast.success(MESSAGES.PASSWORD_CHANGED);
          close();
        },
        onError: (error) => {
          if (!applyServerErrors({ setError, getValues }, error))
            toast.error(MESSAGES.PASSWORD_CHANGE_FAILED);
        },
      },
    ),
  );

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="Cambiar Contraseña"
      size="sm"
      closeOnOutsideClick={!change.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={change.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="change-password-form" isLoading={change.isPending}>
            Guardar
          </Button>
        </>
      }
    >
      <form id="change-password-form" className={styles.form} onSubmit={onSubmit} noValidate>
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
      </form>
    </Modal>
  );
}
