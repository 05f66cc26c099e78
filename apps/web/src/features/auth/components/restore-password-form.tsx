import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, passwordWithConfirmationSchema } from '@red-dental/contracts';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { CheckCircleIcon } from '@/components/ui/icons/index.ts';
import { PasswordInput } from '@/components/ui/text-input/index.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { PATHS } from '@/lib/paths.ts';
import { useRestorePassword } from '../api/restore-password.ts';
import styles from './auth-form.module.css';

type RestoreValues = z.input<typeof passwordWithConfirmationSchema>;

/** A new password from the mailed link (`/recover-password/{token}`). */
export function RestorePasswordForm() {
  const { id = '' } = useParams();
  const restore = useRestorePassword();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<RestoreValues, unknown, z.output<typeof passwordWithConfirmationSchema>>({
    resolver: zodResolver(passwordWithConfirmationSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (restore.isSuccess) {
    return (
      <div className={styles.success}>
        <span className={styles.successIcon}>
          <CheckCircleIcon size={28} />
        </span>
        <h1 className={styles.title}>Recuperación de contraseña exitosa!</h1>
        <p className={styles.subtitle}>Ya puede ingresar con su nueva contraseña.</p>
        <Link to={PATHS.login} className={buttonClasses({ size: 'full' })}>
          Iniciar Sesión
        </Link>
      </div>
    );
  }

  const onSubmit = handleSubmit(({ password }) =>
    restore.mutate(
      { id, password },
      { onError: (error) => applyServerErrors({ setError, getValues }, error) },
    ),
  );

  return (
    <>
      <div className={styles.heading}>
        <h1 className={styles.title}>Nueva contraseña</h1>
        <p className={styles.subtitle}>Elija una contraseña nueva de al menos 8 caracteres.</p>
      </div>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordInput
          label="Contraseña"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password', { onChange: () => restore.reset() })}
        />
        <PasswordInput
          label="Confirmar Contraseña"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword', { onChange: () => restore.reset() })}
        />
        {restore.isError && <Alert>{MESSAGES.RESTORE_FAILED}</Alert>}
        <Button type="submit" size="full" isLoading={restore.isPending}>
          {restore.isPending ? 'Recuperando...' : 'Recuperar Contraseña'}
        </Button>
      </form>

      <div className={styles.footerLinks}>
        <p>
          <Link to={PATHS.login}>Volver al inicio de sesión</Link>
        </p>
      </div>
    </>
  );
}
