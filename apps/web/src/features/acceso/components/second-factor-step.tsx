import { type LoginSecondStep, MESSAGES, type SessionUser, type TotpSetup } from '@red-dental/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useRunOnce } from '@/lib/use-run-once.ts';
import { useSignInForm } from '@/lib/use-sign-in-form.ts';
import styles from '@/styles/form-page.module.css';
import { activateLoginSecondFactor } from '../api/activate-login-second-factor.ts';
import { setupLoginSecondFactor } from '../api/setup-login-second-factor.ts';
import { signInWithCode } from '../api/sign-in-with-code.ts';
import { AuthenticatorSetup, RecoveryCodes } from './authenticator-setup/index.ts';

export interface SecondFactorStepProps {
  step: LoginSecondStep;
  onSignedIn: (user: SessionUser) => void;
  /** Back to e-mail and password (the challenge expired, or the user wants to start again). */
  onCancel: () => void;
}

const validateCode = ({ codigo }: Record<'codigo', string>) =>
  codigo.trim() === '' ? { codigo: MESSAGES.acceso.CODE_REQUIRED } : {};

/**
 * The second step of a sign-in: the code of the authenticator app (or a
 * recovery code); or, where the network requires it and the account has none
 * yet, setting the app up, then the recovery codes.
 */
export function SecondFactorStep({ step, onSignedIn, onCancel }: SecondFactorStepProps) {
  if (step.segundoFactor === 'configurar')
    return <SetUp step={step} onSignedIn={onSignedIn} onCancel={onCancel} />;
  return <EnterCode step={step} onSignedIn={onSignedIn} onCancel={onCancel} />;
}

function EnterCode({ step, onSignedIn, onCancel }: SecondFactorStepProps) {
  const form = useSignInForm<'codigo'>({
    validate: validateCode,
    submit: async ({ codigo }) =>
      onSignedIn(await signInWithCode({ desafio: step.desafio, codigo: codigo.trim() })),
  });
  return (
    <>
      <div className={styles.heading}>
        <h1 className={styles.title}>Verificación en dos pasos</h1>
        <p className={styles.subtitle}>
          Ingrese el código de 6 dígitos que muestra su aplicación de autenticación, o uno de sus códigos de
          recuperación.
        </p>
      </div>
      <form className={styles.form} onSubmit={form.onSubmit} noValidate>
        <CodeField form={form} />
        <Button type="submit" size="full" isLoading={form.isPending}>
          Verificar
        </Button>
        <Button variant="secondary" size="full" onClick={onCancel}>
          Volver
        </Button>
      </form>
    </>
  );
}

function SetUp({ step, onSignedIn, onCancel }: SecondFactorStepProps) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<{ recoveryCodes: string[]; start: () => SessionUser } | null>(null);

  // One secret per sign-in: a second request would replace the one whose QR code is on screen.
  useRunOnce((desafio: string) => {
    setupLoginSecondFactor(desafio).then(setSetup, (error) => setLoadError(errorMessage(error)));
  }, step.desafio);

  const form = useSignInForm<'codigo'>({
    validate: validateCode,
    submit: async ({ codigo }) =>
      setDone(await activateLoginSecondFactor({ desafio: step.desafio, codigo: codigo.trim() })),
  });

  if (done)
    return (
      <>
        <div className={styles.heading}>
          <h1 className={styles.title}>Verificación activada</h1>
        </div>
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button size="full" onClick={() => onSignedIn(done.start())}>
          Ya los guardé, continuar
        </Button>
      </>
    );

  return (
    <>
      <div className={styles.heading}>
        <h1 className={styles.title}>Configure la verificación en dos pasos</h1>
        <p className={styles.subtitle}>
          La red la exige para su rol: desde ahora, cada ingreso pide un código de su teléfono.
        </p>
      </div>
      {loadError && <Alert>{loadError}</Alert>}
      {!setup && !loadError && <Spinner size={24} />}
      {setup && (
        <form className={styles.form} onSubmit={form.onSubmit} noValidate>
          <AuthenticatorSetup qr={setup.qr} secret={setup.secret} />
          <CodeField form={form} />
          <Button type="submit" size="full" isLoading={form.isPending}>
            Activar
          </Button>
        </form>
      )}
      <Button variant="secondary" size="full" onClick={onCancel}>
        Volver
      </Button>
    </>
  );
}

function CodeField({ form }: { form: ReturnType<typeof useSignInForm<'codigo'>> }) {
  return (
    <TextInput
      label="Código"
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus
      error={form.errors.codigo ?? form.serverError ?? undefined}
      {...form.field('codigo')}
    />
  );
}
