// The sections of the professional profile form, each reading it through useFormContext;
// each profile screen composes them in its own order (docs/decisions/043).
export { AusenciasSection } from './ausencias-section.tsx';
export { ContactSection } from './contact-section.tsx';
export { EspecialidadesSection } from './especialidades-section.tsx';
export { HorariosSection } from './horarios-section.tsx';
export { MatriculaSection } from './matricula-section.tsx';
export { ObrasSocialesSection } from './obras-sociales-section.tsx';
export { OfficeSection } from './office-section.tsx';
export { ProfileFormActions } from './profile-form-actions.tsx';
export { LinkButton } from './profile-section.tsx';
export { ScheduleField, useCheckSchedule } from './schedule-field.tsx';
