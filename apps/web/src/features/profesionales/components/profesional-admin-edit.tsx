import {
  type Especialidad,
  MESSAGES,
  type ObraSocialRef,
  type Profesional,
  type Zona,
  zonaLabel,
} from '@red-dental/contracts';
import { type ReactNode, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { CheckCircleIcon } from '@/components/ui/icons/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { ChevronLeftIcon, PencilIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import { useProfesional } from '../api/get-profesional.ts';
import { useUpdateProfesional } from '../api/update-profesional.ts';
import { useVerifyMatricula } from '../api/verify-matricula.ts';
import styles from './profile-form.module.css';
import { ProfileForm, SavedDialog } from './profile-form.tsx';
import { chosenZona, type ProfileFormValues, toUpdateBody } from './profile-form-values.ts';
import {
  AusenciasSection,
  ContactSection,
  EspecialidadesSection,
  HorariosSection,
  LinkButton,
  MatriculaSection,
  ObrasSocialesSection,
  OfficeSection,
  ProfileFormActions,
} from './profile-sections/index.ts';
import { SendRecordatorioButton } from './send-recordatorio-button.tsx';
import { useProfileForm } from './use-profile-form.ts';

export interface NuevaZonaRenderProps {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (zona: Zona) => void;
}

export interface ProfesionalAdminEditProps {
  id: number;
  /**
   * PROFESSIONALS.UPDATE: 'Editar', the licence's check, the reminder and the
   * reports on the listing; without it (PROFESSIONALS.GET alone) the record is read-only.
   */
  canEdit: boolean;
  especialidades: Especialidad[] | undefined;
  obrasSociales: ObraSocialRef[] | undefined;
  zonas: Zona[] | undefined;
  /** The 'Nueva zona' dialog (zones are their own feature; the route composes it). */
  renderNuevaZona: (props: NuevaZonaRenderProps) => ReactNode;
  /** The open reports affiliates sent on the listing (reports are their own feature; the route composes them). */
  renderReportes: (profesional: Pick<Profesional, 'id' | 'nombre'>) => ReactNode;
}

/**
 * `/profesionales/edit/{id}`: staff see a professional's whole record and,
 * with PROFESSIONALS.UPDATE, edit it.
 */
export function ProfesionalAdminEdit({ id, ...props }: ProfesionalAdminEditProps) {
  const profesional = useProfesional(id);
  if (profesional.isPending) return <PageLoading />;
  if (profesional.error)
    return (
      <div className={styles.page}>
        <BackLink />
        <Alert>{errorMessage(profesional.error)}</Alert>
      </div>
    );
  return <AdminForm profesional={profesional.data} reload={profesional.refetch} {...props} />;
}

function BackLink() {
  return (
    <Link to={PATHS.profesionales} className={styles.back}>
      <ChevronLeftIcon size={18} />
      Volver a Profesionales
    </Link>
  );
}

function AdminForm({
  profesional,
  reload,
  canEdit,
  especialidades,
  obrasSociales,
  zonas,
  renderNuevaZona,
  renderReportes,
}: Omit<ProfesionalAdminEditProps, 'id'> & { profesional: Profesional; reload: () => Promise<unknown> }) {
  const toast = useToast();
  const update = useUpdateProfesional();
  const verify = useVerifyMatricula();
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
  } = useProfileForm(profesional, 'admin');
  const [isNuevaZonaOpen, setIsNuevaZonaOpen] = useState(false);
  const [isSaved, setIsSaved] = useState(false);
  const [isReloading, setIsReloading] = useState(false);

  const onSubmit = handleSave((values) => {
    if (!isDirty) return finishEditing();
    update.mutate(
      { id: profesional.id, body: toUpdateBody(values, 'admin'), zonaId: chosenZona(values, profesional) },
      {
        onSuccess: ({ saved, zonaError }) => {
          finishEditing(saved);
          if (zonaError) toast.error(`Se guardaron los datos, pero no la zona: ${errorMessage(zonaError)}`);
          else setIsSaved(true);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast.error(MESSAGES.profesionales.SAVE_FAILED);
        },
      },
    );
  });

  // The spec's Cancelar reloads the record from the server.
  const cancel = async () => {
    setIsReloading(true);
    try {
      const result = (await reload()) as { data?: Profesional };
      finishEditing(result.data);
    } finally {
      setIsReloading(false);
    }
  };

  const verifyAction =
    canEdit && !isEditing && profesional.matricula && !profesional.matriculaVerificadaAt ? (
      <Button
        size="sm"
        variant="secondary"
        isLoading={verify.isPending}
        onClick={() =>
          verify.mutate(profesional.id, {
            onSuccess: () => toast.success('Matrícula verificada'),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        Verificar matrícula
      </Button>
    ) : undefined;

  return (
    <div className={styles.page}>
      <BackLink />
      <ProfileForm
        form={form}
        onSubmit={onSubmit}
        labelledBy="profesional-heading"
        isEditing={isEditing}
        isDirty={isDirty}
        isGuardiasOpen={isGuardiasOpen}
        onCloseGuardias={closeGuardias}
      >
        <div className={styles.header}>
          <div>
            <h2 id="profesional-heading" className={styles.heading}>
              {profesional.nombre}
            </h2>
            <p className={styles.muted}>
              {profesional.datosConfirmadosAt
                ? `Datos confirmados por el profesional el ${formatMomentDate(profesional.datosConfirmadosAt)}.`
                : 'El profesional todavía no confirmó sus datos.'}
            </p>
          </div>
          {canEdit && !isEditing && (
            <div className={styles.headerActions}>
              <SendRecordatorioButton profesional={profesional} />
              <Button variant="secondary" icon={<PencilIcon size={18} />} onClick={startEditing}>
                Editar
              </Button>
            </div>
          )}
        </div>

        {canEdit && renderReportes(profesional)}
        <ContactSection isEditing={isEditing} mode="admin" />
        <OfficeSection isEditing={isEditing}>
          <ZonaField isEditing={isEditing} zonas={zonas} onAddZona={() => setIsNuevaZonaOpen(true)} />
        </OfficeSection>
        <MatriculaSection isEditing={isEditing} profesional={profesional} verifyAction={verifyAction} />
        <ObrasSocialesSection
          isEditing={isEditing}
          mode="admin"
          options={obrasSociales}
          profesional={profesional}
        />
        <EspecialidadesSection
          isEditing={isEditing}
          especialidades={especialidades}
          onOpenGuardias={openGuardias}
        />
        <HorariosSection isEditing={isEditing} />
        <AusenciasSection isEditing={isEditing} />

        {isEditing && (
          <ProfileFormActions
            isDirty={isDirty}
            isSaving={update.isPending}
            isCancelling={isReloading}
            onCancel={cancel}
            submitLabel="Guardar cambios"
          />
        )}
      </ProfileForm>

      {renderNuevaZona({
        isOpen: isNuevaZonaOpen,
        onClose: () => setIsNuevaZonaOpen(false),
        onCreated: (zona) => {
          setIsNuevaZonaOpen(false);
          form.setValue('zonaId', String(zona.id), { shouldDirty: true });
        },
      })}

      <SavedDialog isOpen={isSaved} onClose={() => setIsSaved(false)} title={MESSAGES.profesionales.SAVED}>
        <p className={styles.savedBody}>
          <CheckCircleIcon size={20} />
          Los cambios de {profesional.nombre} ya están en la cartilla.
        </p>
      </SavedDialog>
    </div>
  );
}

/** Zona: a select of the zones by number; 'Agregar zona' in edit mode opens 'Nueva zona'. */
function ZonaField({
  isEditing,
  zonas,
  onAddZona,
}: {
  isEditing: boolean;
  zonas: Zona[] | undefined;
  onAddZona: () => void;
}) {
  const { control } = useFormContext<ProfileFormValues>();
  const options = (zonas ?? []).map((z) => ({ value: String(z.id), label: zonaLabel(z) }));
  return (
    <div className={styles.zona}>
      <Controller
        control={control}
        name="zonaId"
        render={({ field }) => (
          <Select
            label="Zona"
            placeholder={field.value ? undefined : 'Sin zona asignada'}
            options={options}
            disabled={!isEditing}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      {isEditing && <LinkButton onClick={onAddZona}>Agregar zona</LinkButton>}
    </div>
  );
}
