export type {
  FullWeeklySchedule,
  WeeklyScheduleEditorHandle,
  WeeklyScheduleEditorProps,
} from './weekly-schedule-editor.tsx';
export { formatRange, normalizeSchedule, WeeklyScheduleEditor } from './weekly-schedule-editor.tsx';
