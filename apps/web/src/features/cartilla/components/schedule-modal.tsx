import type { CartillaProfesional } from '@red-dental/contracts';
import { Modal } from '@/components/ui/modal/index.ts';
import { WeeklyScheduleEditor } from '@/components/ui/weekly-schedule-editor/index.ts';

export type ScheduleKind = 'horarios' | 'guardias';

/** The dialog's title, as the spec words it. */
function titleOf(kind: ScheduleKind, nombre: string): string {
  return kind === 'horarios' ? `Horarios - ${nombre}` : `Guardias - ${nombre}`;
}

/** 'Horarios - {name}' or 'Guardias - {name}': the week, read-only (spec section 2). */
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
      {profesional && <WeeklyScheduleEditor value={profesional[kind]} readOnly legend={title} hideLegend />}
    </Modal>
  );
}
