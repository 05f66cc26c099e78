import { type Especialidad, MESSAGES, type Profesional } from '@red-dental/contracts';
import { type ReactNode, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Button } from '@/components/ui/button/index.ts';
import { AlertIcon, CheckCircleIcon, LockIcon, PencilIcon } from '@/components/ui/icons/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { UnsavedChangesPrompt } from '@/components/ui/unsaved-changes-prompt/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { useScreenTitle } from '@/lib/screen-title.ts';
import { useOwnProfile } from '../api/get-own-profile.ts';
import { useConfirmOwnData, useUpdateOwnProfile } from '../api/update-own-profile.ts';
import { AusenciasField } from './ausencias-field.tsx';
import { GuardiasModal } from './guardias-modal.tsx';
import styles from './profile-form.module.css';
import { missingForCompletion, toUpdateBody } from './profile-form-values.ts';
import {
  AceptaNuevosPacientesField,
  ContactFields,
  EspecialidadesField,
  LinkButton,
  LocationFields,
  MatriculaFields,
  ObrasSocialesField,
  ProfileSection,
  ScheduleField,
} from './profile-sections.tsx';
import { useProfileForm } from './use-profile-form.ts';

export interface MiPerfilProps {
  especialidades: Especialidad[] | undefined;
  /** The 'Cambiar Contraseña' dialog (an account matter; the route composes it). */
  renderChangePassword: (props: { isOpen: boolean; onClose: () => void }) => ReactNode;
}

/** `/mi-perfil`: the professional completes and keeps their own profile. */
export function MiPerfil(props: MiPerfilProps) {
  const profile = useOwnProfile();
  if (profile.isPending)
    return (
      <p className={styles.loading} role="status">
        <Spinner size={20} /> Cargando...
      </p>
    );
  if (profile.error) return <NoProfile message={errorMessage(profile.error)} {...props} />;
  return <OwnProfileForm profesional={profile.data} {...props} />;
}

/** An account with no professional record (made by staff, not by signing up) can still change its password. */
function NoProfile({ message, renderChangePassword }: MiPerfilProps & { message: string }) {
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  return (
    <div className={styles.page}>
      <p className={styles.loadError} role="alert">
        <AlertIcon size={20} />
        {message}
      </p>
      <Button
        variant="secondary"
        className={styles.start}
        icon={<LockIcon size={18} />}
        onClick={() => setIsChangingPassword(true)}
      >
        Cambiar Contraseña
      </Button>
      {renderChangePassword({ isOpen: isChangingPassword, onClose: () => setIsChangingPassword(false) })}
    </div>
  );
}

function OwnProfileForm({
  profesional,
  especialidades,
  renderChangePassword,
}: MiPerfilProps & { profesional: Profesional }) {
  const toast = useToast();
  const update = useUpdateOwnProfile();
  const confirm = useConfirmOwnData();
  const { form, isEditing, isDirty, startEditing, finishEditing } = useProfileForm(profesional, 'owner');
  const [isGuardiasOpen, setIsGuardiasOpen] = useState(false);
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  const [isSaved, setIsSaved] = useState(false);

  const missing = missingForCompletion(profesional);
  const isComplete = missing.length === 0;
  const title = isComplete ? 'Mi Perfil' : 'Completar Perfil';
  useScreenTitle(title);

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(toUpdateBody(values, 'owner'), {
      onSuccess: (saved) => {
        finishEditing(saved);
        setIsSaved(true);
      },
      onError: (error) => {
        applyServerErrors(form, error);
        toast.error(MESSAGES.profesionales.SAVE_FAILED);
      },
    });
  });

  const confirmData = () =>
    confirm.mutate(undefined, {
      onSuccess: () => toast.success('Gracias: registramos que sus datos están actualizados.'),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <div className={styles.page}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className={styles.form} aria-labelledby="mi-perfil-heading">
          <Panel className={styles.panel}>
            <div className={styles.header}>
              <div>
                <h2 id="mi-perfil-heading" className={styles.heading}>
                  {title}
                </h2>
                <p className={styles.muted}>
                  {profesional.datosConfirmadosAt
                    ? `Confirmó sus datos el ${formatMomentDate(profesional.datosConfirmadosAt)}.`
                    : 'Todavía no confirmó sus datos.'}
                </p>
              </div>
              <div className={styles.headerActions}>
                <Button
                  variant="secondary"
                  icon={<LockIcon size={18} />}
                  onClick={() => setIsChangingPassword(true)}
                >
                  Cambiar Contraseña
                </Button>
                {!isEditing && (
                  <Button icon={<PencilIcon size={18} />} onClick={startEditing}>
                    Editar
                  </Button>
                )}
              </div>
            </div>

            {!isComplete && (
              <div className={styles.notice}>
                <AlertIcon size={20} />
                <p>
                  Para aparecer en la cartilla complete {joinSpanish(missing)}. Presione Editar para empezar.
                </p>
              </div>
            )}
            {isComplete && !isEditing && (
              <div className={styles.confirmRow}>
                <p>¿Sigue todo igual? Avísenos y la cartilla lo mostrará como verificado hoy.</p>
                <Button
                  variant="secondary"
                  icon={<CheckCircleIcon size={18} />}
                  isLoading={confirm.isPending}
                  onClick={confirmData}
                >
                  Mis datos están actualizados
                </Button>
              </div>
            )}

            <ProfileSection title="Datos de contacto" id="contacto-heading">
              <ContactFields isEditing={isEditing} mode="owner" />
            </ProfileSection>
            <ProfileSection title="Consultorio" id="consultorio-heading">
              <LocationFields isEditing={isEditing} />
            </ProfileSection>
            <ProfileSection
              title="Especialidades"
              id="especialidades-heading"
              aside={<LinkButton onClick={() => setIsGuardiasOpen(true)}>Horarios de Guardias</LinkButton>}
            >
              <EspecialidadesField
                isEditing={isEditing}
                especialidades={especialidades}
                onGuardiasTicked={() => setIsGuardiasOpen(true)}
              />
              <AceptaNuevosPacientesField isEditing={isEditing} />
            </ProfileSection>
            <ProfileSection title="Obras Sociales" id="obras-sociales-heading">
              <ObrasSocialesField
                isEditing={isEditing}
                mode="owner"
                options={undefined}
                profesional={profesional}
              />
            </ProfileSection>
            <div className={styles.section}>
              <ScheduleField name="horarios" legend="Horarios de atención" isEditing={isEditing} />
            </div>
            <ProfileSection title="Ausencias" id="ausencias-heading">
              <AusenciasField isEditing={isEditing} />
            </ProfileSection>
            <ProfileSection title="Matrícula profesional" id="matricula-heading">
              <MatriculaFields isEditing={isEditing} profesional={profesional} />
            </ProfileSection>

            {isEditing && (
              <div className={styles.actions}>
                {isDirty && (
                  <p className={styles.dirty}>
                    <span aria-hidden="true" className={styles.dirtyDot} />
                    Hay cambios sin guardar
                  </p>
                )}
                <Button variant="secondary" onClick={() => finishEditing()} disabled={update.isPending}>
                  Cancelar
                </Button>
                <Button type="submit" isLoading={update.isPending}>
                  {isComplete ? 'Guardar Cambios' : 'Completar Perfil'}
                </Button>
              </div>
            )}
          </Panel>
          <GuardiasModal
            isOpen={isGuardiasOpen}
            onClose={() => setIsGuardiasOpen(false)}
            isEditing={isEditing}
          />
        </form>
      </FormProvider>
      <UnsavedChangesPrompt when={isEditing && isDirty} />

      {renderChangePassword({ isOpen: isChangingPassword, onClose: () => setIsChangingPassword(false) })}

      <Modal
        isOpen={isSaved}
        onClose={() => setIsSaved(false)}
        title={isComplete ? MESSAGES.profesionales.PROFILE_COMPLETED : 'Cambios guardados'}
        tone="success"
        size="sm"
        footer={<Button onClick={() => setIsSaved(false)}>Aceptar</Button>}
      >
        <p>
          {isComplete
            ? 'Los afiliados ya ven sus datos en la cartilla.'
            : `Para aparecer en la cartilla falta ${joinSpanish(missing)}.`}
        </p>
      </Modal>
    </div>
  );
}

/** ['a', 'b', 'c'] → 'a, b y c'. */
function joinSpanish(items: string[]): string {
  return new Intl.ListFormat('es-AR', { type: 'conjunction' }).format(items);
}
