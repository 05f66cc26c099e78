import {
  categoriasPara,
  type DestinatarioTipo,
  type Especialidad,
  MESSAGES,
  type ObraSocialRef,
  type Zona,
  zonaLabel,
} from '@red-dental/contracts';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { CheckboxGroup } from '@/components/ui/checkbox-group/index.ts';
import { FilePicker } from '@/components/ui/file-picker/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { ChevronLeftIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { type SendNotificacionRequest, useSendNotificacion } from '../api/send-notificacion.ts';
import { ConfirmarNotificacionModal } from './confirmar-notificacion-modal.tsx';
import styles from './crear-notificacion.module.css';
import {
  ALERT_ORDER,
  EMPTY_DRAFT,
  FILTER_FIELDS,
  type NotificacionDraft,
  notificacionDraftResolver,
} from './notificacion-draft.ts';
import { NotificacionEnviadaModal } from './notificacion-enviada-modal.tsx';
import { ProfesionalesPicker } from './profesionales-picker.tsx';

/** The spec's pause between confirming and the success dialog. */
export const SEND_DELAY_MS = 2000;

const M = MESSAGES.notificaciones;

export interface CrearNotificacionProps {
  obrasSociales: readonly ObraSocialRef[] | undefined;
  zonas: readonly Zona[] | undefined;
  especialidades: readonly Especialidad[] | undefined;
  /** PROFESSIONALS.GET: professionals picked by name (the search is the professionals' list). */
  canPickProfesionales?: boolean;
}

const DESTINATARIO_OPTIONS = [
  { value: 'afiliados', label: 'Afiliados' },
  { value: 'profesionales', label: 'Profesionales' },
] as const;

/** The labels of the catalogue entries whose ids were chosen, in the catalogue's order. */
function chosenLabels<T extends { id: number }>(
  catalogue: readonly T[] | undefined,
  ids: readonly number[],
  label: (item: T) => string,
): string[] {
  return (catalogue ?? []).filter((item) => ids.includes(item.id)).map(label);
}

/**
 * `/notificaciones/crear-notificacion`: title, category, the PDF and who
 * receives it (affiliates by insurer; professionals by insurer, zone,
 * specialty and name), then 'Confirmar Notificación' with how many will
 * receive it, and 'Notificación Enviada'.
 */
export function CrearNotificacion({
  obrasSociales,
  zonas,
  especialidades,
  canPickProfesionales = true,
}: CrearNotificacionProps) {
  const navigate = useNavigate();
  const send = useSendNotificacion();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    setFocus,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<NotificacionDraft, unknown, SendNotificacionRequest>({
    resolver: notificacionDraftResolver,
    defaultValues: EMPTY_DRAFT,
    // One alert at a time, in the spec's order, until the next submit; the focus is moved by hand.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const destinatario = useWatch({ control, name: 'destinatario' });
  const [confirming, setConfirming] = useState<SendNotificacionRequest | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [sent, setSent] = useState<{ recipientCount: number; destinatario: DestinatarioTipo } | null>(null);

  // Any change to the choices takes the alert away: the user is acting on it.
  useEffect(() => watch(() => clearErrors()).unsubscribe, [watch, clearErrors]);

  const missing = ALERT_ORDER.find((field) => errors[field]);
  const alert = missing ? errors[missing]?.message : errors.root?.server?.message;

  /** The two recipient types exclude each other; changing it starts the filters and names again. */
  const chooseDestinatario = (tipo: DestinatarioTipo, isChecked: boolean) => {
    const next = isChecked ? tipo : null;
    setValue('destinatario', next);
    // A category the new type cannot have (professionals and 'Afiliados') is chosen again.
    if (!categoriasPara(next).some((c) => c === getValues('category'))) setValue('category', '');
    for (const field of FILTER_FIELDS) setValue(field, []);
  };

  const onSubmit = handleSubmit(
    (request) => setConfirming(request),
    (invalid) => {
      // The alert is announced; the focus goes where the missing choice is made.
      const field = ALERT_ORDER.find((name) => invalid[name]);
      if (field) setFocus(field);
    },
  );

  const confirm = async (request: SendNotificacionRequest) => {
    setIsSending(true);
    try {
      // The spec shows the loading state for two seconds at least before the success dialog.
      const [result] = await Promise.all([
        send.mutateAsync(request),
        new Promise((resolve) => setTimeout(resolve, SEND_DELAY_MS)),
      ]);
      setConfirming(null);
      setSent({ recipientCount: result.recipientCount, destinatario: request.destinatario });
    } catch (error) {
      setConfirming(null);
      setError('root.server', { message: `${M.SEND_FAILED}: ${errorMessage(error)}` });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Panel className={styles.panel} aria-labelledby="crear-notificacion-heading">
      <Link to={PATHS.notificaciones} className={styles.back}>
        <ChevronLeftIcon size={18} />
        Volver a Notificaciones
      </Link>
      <h2 id="crear-notificacion-heading" className={styles.heading}>
        Crear Notificacion
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextInput label="Título" maxLength={200} {...register('title')} />
        <Select
          label="Categoría"
          placeholder="Seleccione una categoría"
          options={categoriasPara(destinatario).map((c) => ({ value: c, label: c }))}
          {...register('category')}
        />
        <Controller
          control={control}
          name="pdfs"
          render={({ field }) => (
            <FilePicker
              ref={field.ref}
              label="Archivo PDF"
              accept=".pdf,application/pdf"
              buttonText="Elegir PDF"
              file={field.value}
              onChange={field.onChange}
            />
          )}
        />

        <Controller
          control={control}
          name="destinatario"
          render={({ field }) => (
            <CheckboxGroup
              ref={field.ref}
              legend="Destinatarios"
              framed
              options={DESTINATARIO_OPTIONS}
              value={field.value ? [field.value] : []}
              onChange={(_, changed) => chooseDestinatario(changed.value, changed.isChecked)}
            />
          )}
        />

        {destinatario && (
          <Controller
            control={control}
            name="obrasSociales"
            render={({ field }) => (
              <CheckboxGroup
                ref={field.ref}
                legend="Obras sociales"
                framed
                hint="Sin ninguna marcada, la reciben todas."
                options={(obrasSociales ?? []).map((o) => ({ value: o.id, label: o.nombre }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}

        {destinatario === 'profesionales' && (
          <>
            {canPickProfesionales && (
              <Controller
                control={control}
                name="profesionales"
                render={({ field }) => <ProfesionalesPicker value={field.value} onChange={field.onChange} />}
              />
            )}
            <Controller
              control={control}
              name="zonas"
              render={({ field }) => (
                <CheckboxGroup
                  ref={field.ref}
                  legend="Zonas"
                  framed
                  options={(zonas ?? []).map((z) => ({ value: z.id, label: zonaLabel(z) }))}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="especialidades"
              render={({ field }) => (
                <CheckboxGroup
                  ref={field.ref}
                  legend="Especialidades"
                  framed
                  options={(especialidades ?? []).map((e) => ({ value: e.id, label: e.nombre }))}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </>
        )}

        {alert && <Alert>{alert}</Alert>}
        <div className={styles.actions}>
          <Button type="submit">Enviar notificación</Button>
        </div>
      </form>

      {confirming && (
        <ConfirmarNotificacionModal
          isOpen
          summary={{
            title: confirming.title,
            category: confirming.category,
            fileName: confirming.pdfs.name,
            destinatario: confirming.destinatario,
            obrasSociales: chosenLabels(obrasSociales, confirming.obrasSociales, (o) => o.nombre),
            zonas: chosenLabels(zonas, confirming.zonas, zonaLabel),
            especialidades: chosenLabels(especialidades, confirming.especialidades, (e) => e.nombre),
            profesionales: getValues('profesionales').map((p) => p.nombre),
          }}
          filters={{
            destinatario: confirming.destinatario,
            obrasSociales: confirming.obrasSociales,
            zonas: confirming.zonas,
            especialidades: confirming.especialidades,
            profesionales: confirming.profesionales,
          }}
          isSending={isSending}
          onConfirm={() => confirm(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
      <NotificacionEnviadaModal
        recipientCount={sent?.recipientCount}
        destinatario={sent?.destinatario ?? 'afiliados'}
        onClose={() => navigate(PATHS.notificaciones)}
      />
    </Panel>
  );
}
