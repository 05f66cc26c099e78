import { type LoginRequest, MESSAGES } from '@red-dental/contracts';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button/index.ts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { PasswordInput, TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS, staffLandingPath } from '@/lib/paths.ts';
import { useLogin } from '../api/login.ts';
import styles from './auth-form.module.css';
import { RegistroNoticeModal } from './registro-notice-modal.tsx';

// Loaded when first opened, so the sign-in page itself stays small.
const ForgotPasswordModal = lazy(() =>
  import('./forgot-password-modal.tsx').then((module) => ({ default: module.ForgotPasswordModal })),
);

/** Required, and not just spaces. */
const isFilled = (message: string) => (value: string) => value.trim() !== '' || message;

/** Professional and staff sign-in (`/login`). */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const wasSessionExpired = Boolean((location.state as { sessionExpired?: boolean } | null)?.sessionExpired);
  const [openModal, setOpenModal] = useState<'forgot' | 'registro' | null>(null);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({ defaultValues: { user: '', pass: '' } });

  const onSubmit = handleSubmit(({ user, pass }) =>
    login.mutate(
      { user: user.trim(), pass },
      { onSuccess: ({ user }) => navigate(staffLandingPath(user), { replace: true }) },
    ),
  );
  // The server's answer shows under the password field until the user edits again.
  const clearServerError = () => login.reset();

  return (
    <>
      <div className={styles.heading}>
        <h1 className={styles.title}>Bienvenido</h1>
        <p className={styles.subtitle}>
          Ingrese con su e-mail y contraseña para acceder al sistema de gestión.
        </p>
      </div>

      {wasSessionExpired && !login.isError && (
        <p className={`${styles.notice} ${styles.noticeInfo}`} role="status">
          {MESSAGES.SESSION_EXPIRED}
        </p>
      )}

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          icon={<MailIcon size={18} />}
          error={errors.user?.message}
          {...register('user', { validate: isFilled(MESSAGES.EMAIL_REQUIRED), onChange: clearServerError })}
        />
        <PasswordInput
          label="Contraseña"
          autoComplete="current-password"
          error={errors.pass?.message ?? (login.isError ? errorMessage(login.error) : undefined)}
          {...register('pass', {
            validate: isFilled(MESSAGES.PASSWORD_REQUIRED),
            onChange: clearServerError,
          })}
        />
        <div className={styles.row}>
          <Button variant="none" size="sm" onClick={() => setOpenModal('forgot')}>
            Olvide mi Contraseña
          </Button>
        </div>
        <Button type="submit" size="full" isLoading={login.isPending}>
          Iniciar sesión
        </Button>
      </form>

      <p className={styles.divider}>¿Es profesional y todavía no tiene cuenta?</p>
      <Button variant="secondary" size="full" onClick={() => setOpenModal('registro')}>
        Registrarse
      </Button>

      <div className={styles.footerLinks}>
        <p>
          ¿Es afiliado? <Link to={PATHS.loginAfiliado}>Ingrese al portal de afiliados</Link>
        </p>
      </div>

      {openModal === 'forgot' && (
        <Suspense fallback={null}>
          <ForgotPasswordModal isOpen onClose={() => setOpenModal(null)} />
        </Suspense>
      )}
      <RegistroNoticeModal isOpen={openModal === 'registro'} onClose={() => setOpenModal(null)} />
    </>
  );
}
