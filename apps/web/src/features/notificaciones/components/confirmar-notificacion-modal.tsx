import type { DestinatariosCountInput, DestinatarioTipo } from '@red-dental/contracts';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import { useDestinatariosCount } from '../api/count-destinatarios.ts';
import styles from './crear-notificacion.module.css';

export interface NotificacionSummary {
  title: string;
  category: string;
  fileName: string;
  destinatario: DestinatarioTipo;
  obrasSociales: string[];
  zonas: string[];
  especialidades: string[];
  profesionales: string[];
}

export interface ConfirmarNotificacionModalProps {
  isOpen: boolean;
  summary: NotificacionSummary;
  /** The choices to count recipients for; undefined while closed. */
  filters: DestinatariosCountInput | undefined;
  isSending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const listed = (names: string[], all: string) => (names.length > 0 ? names.join(', ') : all);

/** 'Confirmar Notificación': what will be sent to whom, and how many will receive it now. */
export function ConfirmarNotificacionModal({
  isOpen,
  summary,
  filters,
  isSending,
  onConfirm,
  onClose,
}: ConfirmarNotificacionModalProps) {
  const count = useDestinatariosCount(filters);
  const isProfesionales = summary.destinatario === 'profesionales';
  const noun = isProfesionales
    ? (['profesional', 'profesionales'] as const)
    : (['afiliado', 'afiliados'] as const);
  const hasNames = summary.profesionales.length > 0;
  const hasFilters = summary.obrasSociales.length + summary.zonas.length + summary.especialidades.length > 0;

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Confirmar Notificación"
      closeOnOutsideClick={!isSending}
      closeOnEscape={!isSending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSending}>
            Cancelar
          </Button>
          <Button onClick={onConfirm} isLoading={isSending} disabled={!count.data}>
            Confirmar
          </Button>
        </>
      }
    >
      <dl className={styles.summary}>
        <dt>Título</dt>
        <dd>{summary.title}</dd>
        <dt>Categoría</dt>
        <dd>{summary.category}</dd>
        <dt>Archivo</dt>
        <dd>{summary.fileName}</dd>
        <dt>Destinatarios</dt>
        <dd>{isProfesionales ? 'Profesionales' : 'Afiliados'}</dd>
        {(!isProfesionales || hasFilters || !hasNames) && (
          <>
            <dt>Obras sociales</dt>
            <dd>{listed(summary.obrasSociales, 'Todas las obras sociales')}</dd>
          </>
        )}
        {isProfesionales && (hasFilters || !hasNames) && (
          <>
            <dt>Zonas</dt>
            <dd>{listed(summary.zonas, 'Todas las zonas')}</dd>
            <dt>Especialidades</dt>
            <dd>{listed(summary.especialidades, 'Todas las especialidades')}</dd>
          </>
        )}
        {hasNames && (
          <>
            <dt>{hasFilters ? 'Además' : 'Profesionales'}</dt>
            <dd>{summary.profesionales.join(', ')}</dd>
          </>
        )}
      </dl>
      <p className={styles.count} aria-live="polite">
        {count.isPending && filters ? (
          <span className={styles.counting}>
            <Spinner size={16} /> Contando destinatarios…
          </span>
        ) : count.isError ? (
          `No se pudo saber cuántos la recibirán: ${errorMessage(count.error)}`
        ) : count.data === 0 ? (
          'Nadie cumple con lo elegido: revise los filtros antes de enviar.'
        ) : count.data !== undefined ? (
          <>
            {count.data === 1 ? 'La recibirá' : 'La recibirán'}{' '}
            <strong>{formatCount(count.data, noun[0], noun[1])}</strong>.
          </>
        ) : null}
      </p>
      {isSending && (
        <p className={styles.sending} role="status">
          Enviando notificación…
        </p>
      )}
    </Modal>
  );
}
