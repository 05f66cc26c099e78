import { desactivarSegundoFactorSchema, MESSAGES } from '@red-dental/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Badge } from '@/components/ui/badge/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { PasswordInput, TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import { useSession } from '@/lib/session.ts';
import { useRunOnce } from '@/lib/use-run-once.ts';
import { useActivarSegundoFactor } from '../api/activate-segundo-factor.ts';
import { useConfigurarSegundoFactor } from '../api/configure-segundo-factor.ts';
import { useDesactivarSegundoFactor } from '../api/deactivate-segundo-factor.ts';
import { useSegundoFactor } from '../api/get-segundo-factor.ts';
import { AuthenticatorSetup, RecoveryCodes } from './authenticator-setup/index.ts';
import styles from './segundo-factor-panel.module.css';

/** Two-factor sign-in on the account's page: its state, turning it on (scan, first code, recovery codes) or off. */
export function SegundoFactorPanel() {
  const estado = useSegundoFactor();
  const [isSettingUp, setIsSettingUp] = useState(false);
  const [isTurningOff, setIsTurningOff] = useState(false);

  return (
    <Panel className={styles.panel} aria-labelledby="segundo-factor-heading">
      <div className={styles.header}>
        <h2 id="segundo-factor-heading" className={styles.heading}>
          Verificación en dos pasos
        </h2>
        {estado.data && (
          <Badge tone={estado.data.activo ? 'success' : 'neutral'}>
            {estado.data.activo ? 'Activada' : 'Desactivada'}
          </Badge>
        )}
      </div>
      {estado.isPending && <PageLoading />}
      {estado.error && <Alert>{errorMessage(estado.error)}</Alert>}
      {estado.data && (
        <>
          {estado.data.obligatorio && !estado.data.activo && (
            <Alert variant="warning">{MESSAGES.acceso.SETUP_REQUIRED}</Alert>
          )}
          <p className={styles.text}>
            {estado.data.activo
              ? `Cada ingreso pide, además de la contraseña, un código de su teléfono. Le ${estado.data.codigosRestantes === 1 ? 'queda' : 'quedan'} ${formatCount(estado.data.codigosRestantes, 'código', 'códigos')} de recuperación.`
              : 'Con ella, quien conozca su contraseña no puede entrar sin su teléfono.'}
            {estado.data.obligatorio && ' La red la exige para su rol.'}
          </p>
          <div className={styles.actions}>
            {!estado.data.activo && <Button onClick={() => setIsSettingUp(true)}>Activar</Button>}
            {estado.data.activo && !estado.data.obligatorio && (
              <Button variant="secondary" onClick={() => setIsTurningOff(true)}>
                Desactivar
              </Button>
            )}
          </div>
        </>
      )}
      {isSettingUp && <SetUpModal onClose={() => setIsSettingUp(false)} />}
      {isTurningOff && <TurnOffModal onClose={() => setIsTurningOff(false)} />}
    </Panel>
  );
}

function SetUpModal({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const configurar = useConfigurarSegundoFactor();
  const activar = useActivarSegundoFactor();
  const [codigo, setCodigo] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  // The server names the field it refused: the password, or the code.
  const refused = isApiError(activar.error) ? activar.error.fields : undefined;
  const passwordError = refused?.currentPassword;
  const codeError =
    activar.error && !passwordError ? (refused?.codigo ?? errorMessage(activar.error)) : undefined;
  // One secret per opening: a second request would replace the one whose QR code is on screen.
  useRunOnce(configurar.mutate, undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    activar.mutate({ codigo: codigo.trim(), currentPassword });
  };
  const codes = activar.data?.recoveryCodes;
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={codes ? 'Verificación activada' : 'Activar la verificación en dos pasos'}
      footer={
        codes ? (
          <Button onClick={onClose}>Ya los guardé</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              type="submit"
              form="activar-2fa"
              isLoading={activar.isPending}
              disabled={!configurar.data}
            >
              Activar
            </Button>
          </>
        )
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} account={session?.kind === 'staff' ? session.user?.user : undefined} />
      ) : (
        <form id="activar-2fa" className={styles.form} onSubmit={submit} noValidate>
          {configurar.error && <Alert>{errorMessage(configurar.error)}</Alert>}
          {configurar.data && <AuthenticatorSetup qr={configurar.data.qr} secret={configurar.data.secret} />}
          <TextInput
            label="Código"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={codigo}
            error={codeError}
            onChange={(event) => {
              setCodigo(event.target.value);
              activar.reset();
            }}
          />
          <PasswordInput
            label="Contraseña actual"
            autoComplete="current-password"
            value={currentPassword}
            error={passwordError}
            onChange={(event) => {
              setCurrentPassword(event.target.value);
              activar.reset();
            }}
          />
        </form>
      )}
    </Modal>
  );
}

function TurnOffModal({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const desactivar = useDesactivarSegundoFactor();
  return (
    <FormModal
      isOpen
      onClose={onClose}
      title="Desactivar la verificación en dos pasos"
      description="Para confirmar, ingrese su contraseña actual."
      size="sm"
      schema={desactivarSegundoFactorSchema}
      defaultValues={{ currentPassword: '' }}
      submitLabel="Desactivar"
      submitVariant="alert"
      onSubmit={async ({ currentPassword }) => {
        await desactivar.mutateAsync(currentPassword);
        toast.success(MESSAGES.acceso.DISABLED);
        onClose();
      }}
      // The password is all the form asks: whatever the refusal, it is said under it.
      placeServerErrors={(form, error) => {
        form.setError(
          'currentPassword',
          { type: 'server', message: errorMessage(error) },
          { shouldFocus: true },
        );
        return true;
      }}
    >
      {({ register, formState: { errors } }) => (
        <PasswordInput
          label="Contraseña actual"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
    </FormModal>
  );
}
