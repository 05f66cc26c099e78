import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, passwordWithConfirmationSchema } from '@red-dental/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { CheckCircleIcon } from '@/components/ui/icons/index.ts';
import { SpentLink } from '@/components/ui/link-outcome/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { PasswordInput } from '@/components/ui/text-input/index.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { PATHS } from '@/lib/paths.ts';
import { isSpentLink } from '@/lib/spent-link.ts';
import styles from '@/styles/form-page.module.css';
import { useRecoveryLink } from '../api/check-recovery-link.ts';
import { useRestorePassword } from '../api/restore-password.ts';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';

type RestoreValues = z.input<typeof passwordWithConfirmationSchema>;

/**
 * A new password from the mailed link (`/recover-password/{token}`). The link
 * is checked as the page opens: a used or expired one says so instead of the
 * form, with the way to ask for a new one.
 */
export function RestorePasswordForm() {
  const { id = '' } = useParams();
  const link = useRecoveryLink(id);
  const restore = useRestorePassword();
  const [isAsking, setAsking] = useState(false);
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

  if (link.isPending) return <PageLoading />;
  // Spent as the page opened, or while the form was being filled in.
  if (link.data === 'spent' || isSpentLink(restore.error))
    return (
      <SpentLink
        title="Recuperar contraseña"
        hint="Pida un enlace nuevo con el email de su cuenta: vale una hora y sirve una sola vez."
      >
        <Button size="full" onClick={() => setAsking(true)}>
          Pedir un enlace nuevo
        </Button>
        <p className={styles.footerLinks}>
          <Link to={PATHS.login}>Volver al inicio de sesión</Link>
        </p>
        <ForgotPasswordModal isOpen={isAsking} onClose={() => setAsking(false)} />
      </SpentLink>
    );

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
