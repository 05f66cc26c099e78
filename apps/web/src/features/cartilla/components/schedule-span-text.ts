import { type ScheduleSpan, WEEKDAY_LABELS, type Weekday } from '@red-dental/contracts';

/** A day named inside a sentence: 'a sábado 06:00', 'a domingo 06:00' (not 'Dom./Fer.'). */
const DAY_IN_SENTENCE: Record<Weekday, string> = {
  L: 'lunes',
  M: 'martes',
  X: 'miércoles',
  J: 'jueves',
  V: 'viernes',
  S: 'sábado',
  D: 'domingo',
};

/** 'Lunes 09:00 a 13:00', or across midnight 'Viernes 22:00 a sábado 06:00'. */
export function scheduleSpanText(span: ScheduleSpan): string {
  const from = `${WEEKDAY_LABELS[span.day]} ${span.start}`;
  const isSameDay = span.endDay === span.day && span.start < span.end;
  return isSameDay ? `${from} a ${span.end}` : `${from} a ${DAY_IN_SENTENCE[span.endDay]} ${span.end}`;
}
