import { type LoginSecondStep, MESSAGES, type SessionUser } from '@red-dental/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { PasswordInput, TextInput } from '@/components/ui/text-input/index.ts';
import { PATHS, returnPathFrom, staffLandingPath } from '@/lib/paths.ts';
import { useSignInForm } from '@/lib/use-sign-in-form.ts';
import styles from '@/styles/form-page.module.css';
import { signIn } from '../api/login.ts';

// Loaded when first opened, so the sign-in page itself stays small.
const ForgotPasswordModal = lazy(() =>
  import('./forgot-password-modal.tsx').then((module) => ({ default: module.ForgotPasswordModal })),
);
const SecondFactorStep = lazy(() =>
  import('./second-factor-step.tsx').then((module) => ({ default: module.SecondFactorStep })),
);

/** A dialog the sign-in page opens. */
type DialogProps = { isOpen: boolean; onClose: () => void };

export interface LoginFormProps {
  /** 'Registrarse': who the sign-up is for, before going to it (a registration matter; the route composes it). */
  renderRegistroNotice: (props: DialogProps) => ReactNode;
  /** 'Reenviar email de confirmación' (a registration matter; the route composes it). */
  renderResendConfirmation: (props: DialogProps) => ReactNode;
}

/** Professional and staff sign-in (`/login`). */
export function LoginForm({ renderRegistroNotice, renderResendConfirmation }: LoginFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const wasSessionExpired = Boolean((location.state as { sessionExpired?: boolean } | null)?.sessionExpired);
  const [openModal, setOpenModal] = useState<'forgot' | 'registro' | 'resend' | null>(null);
  const [secondStep, setSecondStep] = useState<LoginSecondStep | null>(null);
  // Back to the screen the visitor was sent here from, or the account's landing page.
  const enter = (user: SessionUser) =>
    navigate(returnPathFrom(location.search, 'staff') ?? staffLandingPath(user), { replace: true });
  const form = useSignInForm<'user' | 'pass'>({
    validate: ({ user, pass }) => ({
      ...(user.trim() === '' && { user: MESSAGES.EMAIL_REQUIRED }),
      ...(pass.trim() === '' && { pass: MESSAGES.PASSWORD_REQUIRED }),
    }),
    submit: async ({ user, pass }) => {
      const answer = await signIn({ user: user.trim(), pass });
      if ('segundoFactor' in answer) setSecondStep(answer);
      else enter(answer);
    },
  });

  if (secondStep)
    return (
      <Suspense fallback={null}>
        <SecondFactorStep step={secondStep} onSignedIn={enter} onCancel={() => setSecondStep(null)} />
      </Suspense>
    );

  return (
    <>
      <div className={styles.heading}>
        <h1 className={styles.title}>Bienvenido</h1>
        <p className={styles.subtitle}>
          Ingrese con su email y contraseña para acceder al sistema de gestión.
        </p>
      </div>

      {wasSessionExpired && !form.serverError && <Alert variant="info">{MESSAGES.SESSION_EXPIRED}</Alert>}

      {/* The page arrives drawn before its code runs: a press of Enter that early posts the form
          (answered 404), so what was typed never lands in an address or a log. */}
      <form className={styles.form} method="post" onSubmit={form.onSubmit} noValidate>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          icon={<MailIcon size={18} />}
          error={form.errors.user}
          {...form.field('user')}
        />
        <PasswordInput
          label="Contraseña"
          autoComplete="current-password"
          error={form.errors.pass ?? form.serverError ?? undefined}
          {...form.field('pass')}
        />
        <div className={styles.row}>
          <Button variant="none" size="sm" onClick={() => setOpenModal('forgot')}>
            Olvide mi Contraseña
          </Button>
        </div>
        <Button type="submit" size="full" isLoading={form.isPending}>
          Iniciar sesión
        </Button>
      </form>

      <p className={styles.divider}>¿Es profesional y todavía no tiene cuenta?</p>
      <Button variant="secondary" size="full" onClick={() => setOpenModal('registro')}>
        Registrarse
      </Button>

      <div className={styles.footerLinks}>
        <p>
          ¿Se registró y no recibió el email de confirmación?{' '}
          <Button variant="none" size="sm" onClick={() => setOpenModal('resend')}>
            Reenviar email de confirmación
          </Button>
        </p>
        <p>
          ¿Es afiliado? <Link to={PATHS.loginAfiliado}>Ingrese al portal de afiliados</Link>
        </p>
      </div>

      <Suspense fallback={null}>
        {openModal === 'forgot' && <ForgotPasswordModal isOpen onClose={() => setOpenModal(null)} />}
        {openModal === 'registro' &&
          renderRegistroNotice({ isOpen: true, onClose: () => setOpenModal(null) })}
        {openModal === 'resend' &&
          renderResendConfirmation({ isOpen: true, onClose: () => setOpenModal(null) })}
      </Suspense>
    </>
  );
}
