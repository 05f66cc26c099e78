import { type Especialidad, MESSAGES, type Profesional } from '@red-dental/contracts';
import { type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { AlertIcon, CheckCircleIcon } from '@/components/ui/icons/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { LockIcon, PencilIcon } from '@/components/ui/screen-icons/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { useScreenTitle } from '@/lib/screen-title.ts';
import { useConfirmOwnData } from '../api/confirm-own-data.ts';
import { useOwnProfile } from '../api/get-own-profile.ts';
import { useUpdateOwnProfile } from '../api/update-own-profile.ts';
import styles from './profile-form.module.css';
import { ProfileForm, SavedDialog } from './profile-form.tsx';
import { missingForCompletion, toUpdateBody } from './profile-form-values.ts';
import {
  AusenciasSection,
  ContactSection,
  EspecialidadesSection,
  HorariosSection,
  MatriculaSection,
  ObrasSocialesSection,
  OfficeSection,
  ProfileFormActions,
} from './profile-sections/index.ts';
import { useProfileForm } from './use-profile-form.ts';

export interface MiPerfilProps {
  especialidades: Especialidad[] | undefined;
  /** The 'Cambiar Contraseña' dialog (an account matter; the route composes it). */
  renderChangePassword: (props: { isOpen: boolean; onClose: () => void }) => ReactNode;
}

/** `/mi-perfil`: the professional completes and keeps their own profile. */
export function MiPerfil(props: MiPerfilProps) {
  const profile = useOwnProfile();
  if (profile.isPending) return <PageLoading />;
  if (profile.error) return <NoProfile message={errorMessage(profile.error)} {...props} />;
  return <OwnProfileForm profesional={profile.data} {...props} />;
}

/** An account with no professional record (made by staff, not by signing up) can still change its password. */
function NoProfile({ message, renderChangePassword }: MiPerfilProps & { message: string }) {
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  return (
    <div className={styles.page}>
      <Alert>{message}</Alert>
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
  const {
    form,
    isEditing,
    isDirty,
    startEditing,
    finishEditing,
    isGuardiasOpen,
    openGuardias,
    closeGuardias,
    handleSave,
  } = useProfileForm(profesional, 'owner');
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  // The record a save returned, for the dialog that says how it went.
  const [saved, setSaved] = useState<Profesional | null>(null);

  const missing = missingForCompletion(profesional);
  const isComplete = missing.length === 0;
  const title = isComplete ? 'Mi Perfil' : 'Completar Perfil';
  useScreenTitle(title);

  const onSubmit = handleSave((values) => {
    update.mutate(toUpdateBody(values, 'owner'), {
      onSuccess: (saved) => {
        finishEditing(saved);
        setSaved(saved);
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
      <ProfileForm
        form={form}
        onSubmit={onSubmit}
        labelledBy="mi-perfil-heading"
        isEditing={isEditing}
        isDirty={isDirty}
        isGuardiasOpen={isGuardiasOpen}
        onCloseGuardias={closeGuardias}
      >
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
              Para que los afiliados encuentren sus datos completos en la cartilla, cargue{' '}
              {joinSpanish(missing)}. Presione Editar para empezar.
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

        <ContactSection isEditing={isEditing} mode="owner" />
        <OfficeSection isEditing={isEditing} />
        <EspecialidadesSection
          isEditing={isEditing}
          especialidades={especialidades}
          onOpenGuardias={openGuardias}
        />
        <ObrasSocialesSection
          isEditing={isEditing}
          mode="owner"
          options={undefined}
          profesional={profesional}
        />
        <HorariosSection isEditing={isEditing} />
        <AusenciasSection isEditing={isEditing} />
        <MatriculaSection isEditing={isEditing} profesional={profesional} />

        {isEditing && (
          <ProfileFormActions
            isDirty={isDirty}
            isSaving={update.isPending}
            onCancel={() => finishEditing()}
            submitLabel={isComplete ? 'Guardar Cambios' : 'Completar Perfil'}
          />
        )}
      </ProfileForm>

      {renderChangePassword({ isOpen: isChangingPassword, onClose: () => setIsChangingPassword(false) })}

      {saved && <ProfileSavedDialog saved={saved} onClose={() => setSaved(null)} />}
    </div>
  );
}

/** After a save: complete or not, and whether affiliates can find the dentist yet (insurers assigned). */
function ProfileSavedDialog({ saved, onClose }: { saved: Profesional; onClose: () => void }) {
  const missing = missingForCompletion(saved);
  const body =
    missing.length > 0
      ? `Todavía falta cargar ${joinSpanish(missing)}.`
      : saved.obrasSociales.length > 0
        ? 'Los afiliados de sus obras sociales ven estos datos en la cartilla.'
        : 'Cuando la red le asigne obras sociales, sus afiliados lo verán en la cartilla.';
  return (
    <SavedDialog
      isOpen
      onClose={onClose}
      title={missing.length === 0 ? MESSAGES.profesionales.PROFILE_COMPLETED : 'Cambios guardados'}
    >
      <p>{body}</p>
    </SavedDialog>
  );
}

/** ['a', 'b', 'c'] → 'a, b y c'. */
function joinSpanish(items: string[]): string {
  return new Intl.ListFormat('es-AR', { type: 'conjunction' }).format(items);
}
