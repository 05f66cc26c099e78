import {
  categoriasPara,
  type DestinatarioTipo,
  type Especialidad,
  MESSAGES,
  type ObraSocialRef,
  type ProfesionalOption,
  type Zona,
} from '@red-dental/contracts';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProfessionalSearch } from '@/components/lookups/professional-search/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { FilePicker } from '@/components/ui/file-picker/index.ts';
import { ChevronLeftIcon, CloseIcon } from '@/components/ui/icons/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { type SendNotificacionRequest, useSendNotificacion } from '../api/send-notificacion.ts';
import { ConfirmarNotificacionModal } from './confirmar-notificacion-modal.tsx';
import styles from './crear-notificacion.module.css';
import { NotificacionEnviadaModal } from './notificacion-enviada-modal.tsx';

/** The spec's pause between confirming and the success dialog. */
export const SEND_DELAY_MS = 2000;

const M = MESSAGES.notificaciones;

export interface CrearNotificacionProps {
  obrasSociales: readonly ObraSocialRef[] | undefined;
  zonas: readonly Zona[] | undefined;
  especialidades: readonly Especialidad[] | undefined;
}

/** What the form holds; the lists are ids, the picked professionals whole (for their chips). */
interface Draft {
  title: string;
  category: string;
  pdf: File | null;
  destinatario: DestinatarioTipo | null;
  obrasSociales: number[];
  zonas: number[];
  especialidades: number[];
  profesionales: ProfesionalOption[];
}

const EMPTY_FILTERS = { obrasSociales: [], zonas: [], especialidades: [], profesionales: [] };

type Field = 'title' | 'pdf' | 'category' | 'destinatario';

/** The first of the spec's four alerts that applies, in its order, and its field; undefined when complete. */
function missingChoice(draft: Draft): { field: Field; message: string } | undefined {
  if (!draft.title.trim()) return { field: 'title', message: M.TITLE_REQUIRED };
  if (!draft.pdf) return { field: 'pdf', message: M.PDF_REQUIRED };
  if (!draft.category) return { field: 'category', message: M.CATEGORY_REQUIRED };
  if (!draft.destinatario) return { field: 'destinatario', message: M.RECIPIENT_REQUIRED };
  return undefined;
}

const toggled = (ids: number[], id: number, isChecked: boolean) =>
  isChecked ? [...ids, id] : ids.filter((x) => x !== id);

/**
 * `/notificaciones/crear-notificacion`: title, category, the PDF and who
 * receives it (affiliates by insurer; professionals by insurer, zone,
 * specialty and name), then 'Confirmar Notificación' with how many will
 * receive it, and 'Notificación Enviada'.
 */
export function CrearNotificacion({ obrasSociales, zonas, especialidades }: CrearNotificacionProps) {
  const navigate = useNavigate();
  const send = useSendNotificacion();
  const [draft, setDraft] = useState<Draft>({
    title: '',
    category: '',
    pdf: null,
    destinatario: null,
    ...EMPTY_FILTERS,
  });
  const [alert, setAlert] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [sent, setSent] = useState<{ recipientCount: number } | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const pdfRef = useRef<HTMLInputElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);
  const destinatarioRef = useRef<HTMLInputElement>(null);
  const fields: Record<Field, RefObject<HTMLElement | null>> = {
    title: titleRef,
    pdf: pdfRef,
    category: categoryRef,
    destinatario: destinatarioRef,
  };

  const update = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setAlert(null);
  };

  /** The two recipient types exclude each other; changing it starts the filters and names again. */
  const chooseDestinatario = (tipo: DestinatarioTipo, isChecked: boolean) => {
    const destinatario = isChecked ? tipo : null;
    // A category the new type cannot have (professionals and 'Afiliados') is chosen again.
    const category = categoriasPara(destinatario).some((c) => c === draft.category) ? draft.category : '';
    update({ destinatario, category, ...EMPTY_FILTERS });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingChoice(draft);
    if (missing) {
      setAlert(missing.message);
      // The alert is announced; the focus goes where the missing choice is made.
      fields[missing.field].current?.focus();
      return;
    }
    setIsConfirming(true);
  };

  const request = (): SendNotificacionRequest => ({
    destinatario: draft.destinatario!,
    title: draft.title.trim(),
    category: draft.category,
    pdf: draft.pdf!,
    obrasSociales: draft.obrasSociales,
    zonas: draft.zonas,
    especialidades: draft.especialidades,
    profesionales: draft.profesionales.map((p) => p.id),
  });

  const confirm = async () => {
    setIsSending(true);
    try {
      // The spec shows the loading state for two seconds at least before the success dialog.
      const [result] = await Promise.all([
        send.mutateAsync(request()),
        new Promise((resolve) => setTimeout(resolve, SEND_DELAY_MS)),
      ]);
      setIsConfirming(false);
      setSent({ recipientCount: result.recipientCount });
    } catch (error) {
      setIsConfirming(false);
      setAlert(`${M.SEND_FAILED}: ${errorMessage(error)}`);
    } finally {
      setIsSending(false);
    }
  };

  const isProfesionales = draft.destinatario === 'profesionales';

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
        <TextInput
          ref={titleRef}
          label="Título"
          value={draft.title}
          maxLength={200}
          onChange={(event) => update({ title: event.target.value })}
        />
        <Select
          ref={categoryRef}
          label="Categoría"
          placeholder="Seleccione una categoría"
          options={categoriasPara(draft.destinatario).map((c) => ({ value: c, label: c }))}
          value={draft.category}
          onChange={(event) => update({ category: event.target.value })}
        />
        <FilePicker
          ref={pdfRef}
          label="Archivo PDF"
          accept=".pdf,application/pdf"
          buttonText="Elegir PDF"
          file={draft.pdf}
          onChange={(pdf) => update({ pdf })}
        />

        <fieldset className={styles.group}>
          <legend>Destinatarios</legend>
          <div className={styles.options}>
            <Checkbox
              ref={destinatarioRef}
              label="Afiliados"
              checked={draft.destinatario === 'afiliados'}
              onChange={(event) => chooseDestinatario('afiliados', event.target.checked)}
            />
            <Checkbox
              label="Profesionales"
              checked={isProfesionales}
              onChange={(event) => chooseDestinatario('profesionales', event.target.checked)}
            />
          </div>
        </fieldset>

        {draft.destinatario && (
          <fieldset className={styles.group}>
            <legend>Obras sociales</legend>
            <p className={styles.hint}>Sin ninguna marcada, la reciben todas.</p>
            <div className={styles.options}>
              {(obrasSociales ?? []).map((o) => (
                <Checkbox
                  key={o.id}
                  label={o.nombre}
                  checked={draft.obrasSociales.includes(o.id)}
                  onChange={(event) =>
                    update({ obrasSociales: toggled(draft.obrasSociales, o.id, event.target.checked) })
                  }
                />
              ))}
            </div>
          </fieldset>
        )}

        {isProfesionales && (
          <>
            <div className={styles.group}>
              <ProfessionalSearch
                label="Profesionales"
                excludeIds={draft.profesionales.map((p) => p.id)}
                onSelect={(p) => update({ profesionales: [...draft.profesionales, p] })}
              />
              {draft.profesionales.length > 0 && (
                <ul className={styles.chips} aria-label="Profesionales elegidos">
                  {draft.profesionales.map((p) => (
                    <li key={p.id} className={styles.chip}>
                      <span>{p.nombre}</span>
                      <button
                        type="button"
                        aria-label={`Quitar a ${p.nombre}`}
                        onClick={() =>
                          update({ profesionales: draft.profesionales.filter((x) => x.id !== p.id) })
                        }
                      >
                        <CloseIcon size={14} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <p className={styles.hint}>
                Los profesionales elegidos por nombre se suman a los que cumplen los filtros.
              </p>
            </div>
            <fieldset className={styles.group}>
              <legend>Zonas</legend>
              <div className={styles.options}>
                {(zonas ?? []).map((z) => (
                  <Checkbox
                    key={z.id}
                    label={`${z.nombre} - ${z.numero}`}
                    checked={draft.zonas.includes(z.id)}
                    onChange={(event) => update({ zonas: toggled(draft.zonas, z.id, event.target.checked) })}
                  />
                ))}
              </div>
            </fieldset>
            <fieldset className={styles.group}>
              <legend>Especialidades</legend>
              <div className={styles.options}>
                {(especialidades ?? []).map((e) => (
                  <Checkbox
                    key={e.id}
                    label={e.nombre}
                    checked={draft.especialidades.includes(e.id)}
                    onChange={(event) =>
                      update({ especialidades: toggled(draft.especialidades, e.id, event.target.checked) })
                    }
                  />
                ))}
              </div>
            </fieldset>
          </>
        )}

        {alert && (
          <p className={styles.alert} role="alert">
            {alert}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit">Enviar notificación</Button>
        </div>
      </form>

      <ConfirmarNotificacionModal
        isOpen={isConfirming}
        summary={{
          title: draft.title.trim(),
          category: draft.category,
          fileName: draft.pdf?.name ?? '',
          destinatario: draft.destinatario ?? 'afiliados',
          obrasSociales: (obrasSociales ?? [])
            .filter((o) => draft.obrasSociales.includes(o.id))
            .map((o) => o.nombre),
          zonas: (zonas ?? [])
            .filter((z) => draft.zonas.includes(z.id))
            .map((z) => `${z.nombre} - ${z.numero}`),
          especialidades: (especialidades ?? [])
            .filter((e) => draft.especialidades.includes(e.id))
            .map((e) => e.nombre),
          profesionales: draft.profesionales.map((p) => p.nombre),
        }}
        filters={
          isConfirming && draft.destinatario
            ? {
                destinatario: draft.destinatario,
                obrasSociales: draft.obrasSociales,
                zonas: draft.zonas,
                especialidades: draft.especialidades,
                profesionales: draft.profesionales.map((p) => p.id),
              }
            : undefined
        }
        isSending={isSending}
        onConfirm={confirm}
        onClose={() => setIsConfirming(false)}
      />
      <NotificacionEnviadaModal
        recipientCount={sent?.recipientCount}
        destinatario={draft.destinatario ?? 'afiliados'}
        onClose={() => navigate(PATHS.notificaciones)}
      />
    </Panel>
  );
}
