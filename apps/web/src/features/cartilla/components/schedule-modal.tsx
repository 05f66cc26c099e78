import { type CartillaProfesional, scheduleSpans, type WeeklySchedule } from '@red-dental/contracts';
import { Modal } from '@/components/ui/modal/index.ts';
import { WeeklyScheduleEditor } from '@/components/ui/weekly-schedule-editor/index.ts';
import styles from './cartilla.module.css';
import { scheduleSpanText } from './schedule-span-text.ts';

export type ScheduleKind = 'horarios' | 'guardias';

/** The dialog's title, as the spec words it. */
function titleOf(kind: ScheduleKind, nombre: string): string {
  return kind === 'horarios' ? `Horarios - ${nombre}` : `Guardias - ${nombre}`;
}

/**
 * The on-call hours through the week, one line per guard: a night entered as
 * a day's range to 23:59 and the next day's from 00:00 reads as one
 * ('Viernes 22:00 a sábado 06:00'), not as two halves on two days.
 */
function GuardiasList({ guardias, label }: { guardias: WeeklySchedule; label: string }) {
  const spans = scheduleSpans(guardias);
  if (spans.length === 0) return <p className={styles.muted}>No disponible</p>;
  return (
    <ul className={styles.spans} aria-label={label}>
      {spans.map((span) => (
        <li key={`${span.day}-${span.start}`}>{scheduleSpanText(span)}</li>
      ))}
    </ul>
  );
}

/** 'Horarios - {name}' (the week, read-only) or 'Guardias - {name}' (its guards, Monday first). */
export function ScheduleModal({
  profesional,
  kind,
  onClose,
}: {
  profesional: CartillaProfesional | null;
  kind: ScheduleKind;
  onClose: () => void;
}) {
  const title = titleOf(kind, profesional?.nombre ?? '');
  return (
    <Modal isOpen={profesional !== null} onClose={onClose} title={title}>
      {profesional &&
        (kind === 'guardias' ? (
          <GuardiasList guardias={profesional.guardias} label={title} />
        ) : (
          <WeeklyScheduleEditor value={profesional.horarios} readOnly legend={title} hideLegend />
        ))}
    </Modal>
  );
}
