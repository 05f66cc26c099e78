import type { CartillaProfesional } from '@red-dental/contracts';
import { Modal } from '@/components/ui/modal/index.ts';
import { WeeklyScheduleEditor } from '@/components/ui/weekly-schedule-editor/index.ts';

export type ScheduleKind = 'horarios' | 'guardias';

const TITLES: Record<ScheduleKind, string> = { horarios: 'Horarios', guardias: 'Guardias' };

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
  const title = profesional ? `${TITLES[kind]} - ${profesional.nombre}` : TITLES[kind];
  return (
    <Modal isOpen={profesional !== null} onClose={onClose} title={title}>
      {profesional && <WeeklyScheduleEditor value={profesional[kind]} readOnly legend={title} hideLegend />}
    </Modal>
  );
}
