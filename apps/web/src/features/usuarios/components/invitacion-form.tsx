import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AcceptInvitacionForm,
  acceptInvitacionFormSchema,
  type LoginSecondStep,
  type SessionUser,
} from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { LinkOutcome, SpentLink } from '@/components/ui/link-outcome/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { PasswordInput } from '@/components/ui/text-input/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { PATHS, staffLandingPath } from '@/lib/paths.ts';
import { isSpentLink } from '@/lib/spent-link.ts';
import styles from '@/styles/form-page.module.css';
import { useAceptarInvitacion } from '../api/accept-invitacion.ts';
import { useInvitacion } from '../api/get-invitacion.ts';

const toLogin = (
  <Link to={PATHS.login} className={buttonClasses({ size: 'full' })}>
    Ir al inicio de sesión
  </Link>
);

export interface InvitacionFormProps {
  token: string;
  /** Setting the authenticator app up and signing in (a sign-in matter; the route composes it). */
  renderSecondFactorSetup: (props: {
    step: LoginSecondStep;
    onSignedIn: (user: SessionUser) => void;
    onCancel: () => void;
  }) => ReactNode;
}

/** `/invitacion/{token}`: the invited staff member chooses the password of their new account. */
export function InvitacionForm({ token, renderSecondFactorSetup }: InvitacionFormProps) {
  const navigate = useNavigate();
  const invitacion = useInvitacion(token);
  const accept = useAceptarInvitacion(token);
  const form = useForm<AcceptInvitacionForm>({
    resolver: zodResolver(acceptInvitacionFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  if (invitacion.isPending) return <PageLoading />;
  // Where the network requires it of the account's roles, the invitee sets the app up now, and is in.
  if (accept.data?.desafio)
    return (
      <>
        <Alert variant="success">{accept.data.message}</Alert>
        {renderSecondFactorSetup({
          step: { segundoFactor: 'configurar', desafio: accept.data.desafio },
          onSignedIn: (user) => navigate(staffLandingPath(user), { replace: true }),
          onCancel: () => navigate(PATHS.login, { replace: true }),
        })}
      </>
    );
  // A used or expired invitation says so before the form; only staff can send a new one.
  if (isSpentLink(invitacion.error) || isSpentLink(accept.error))
    return (
      <SpentLink
        title="Invitación a Red Dental"
        hint="Pida al administrador de la red que le envíe una invitación nueva: le llegará por email."
      >
        {toLogin}
      </SpentLink>
    );
  if (invitacion.isError || accept.isSuccess)
    return (
      <LinkOutcome
        title="Invitación a Red Dental"
        status={accept.isSuccess ? 'success' : 'error'}
        pendingText=""
        message={accept.isSuccess ? accept.data.message : errorMessage(invitacion.error)}
      >
        {toLogin}
      </LinkOutcome>
    );

  const onSubmit = handleSubmit(({ password }) =>
    accept.mutate({ password }, { onError: (error) => applyServerErrors(form, error) }),
  );
  const failure =
    accept.error && !(isApiError(accept.error) && accept.error.fields) ? errorMessage(accept.error) : null;

  return (
    <>
      <div className={styles.heading}>
        <h1 className={styles.title}>Hola, {invitacion.data.nombre}</h1>
        <p className={styles.subtitle}>
          Elija la contraseña de su cuenta <strong>{invitacion.data.email}</strong>: al menos 8 caracteres,
          que no sea una de las más usadas.
        </p>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordInput
          label="Contraseña"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Confirmar Contraseña"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {failure && <Alert>{failure}</Alert>}
        <Button type="submit" size="full" isLoading={accept.isPending}>
          Activar mi cuenta
        </Button>
      </form>
    </>
  );
}
