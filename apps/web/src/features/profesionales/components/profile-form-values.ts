import {
  type Ausencia,
  MESSAGES,
  type Profesional,
  type ProfesionalUpdateInput,
  profesionalUpdateSchema,
  WEEKDAYS,
  type WeeklySchedule,
} from '@red-dental/contracts';
import { z } from 'zod';
import type { FullWeeklySchedule } from '@/components/ui/weekly-schedule-editor/index.ts';
import { normalizeSchedule } from '@/components/ui/weekly-schedule-editor/index.ts';

/** Who is editing: staff on `/profesionales/edit/{id}`, or the professional on `/mi-perfil`. */
export type ProfileMode = 'admin' | 'owner';

type Ref = { id: number };

/** The profile as the form holds it: texts as typed ('' for none), every day of both schedules present. */
export interface ProfileFormValues {
  nombre: string;
  razonSocial: string;
  email: string;
  telefono: string;
  direccion: string;
  depto: string;
  localidad: string;
  /** Numeric strings, null while no address was placed on the map. */
  lat: string | null;
  long: string | null;
  ubicacionOrigen: 'geocoder' | 'manual' | null;
  especialidades: Ref[];
  obrasSociales: Ref[];
  horarios: FullWeeklySchedule;
  guardias: FullWeeklySchedule;
  matricula: string;
  matriculaJurisdiccion: string;
  aceptaNuevosPacientes: boolean;
  ausencias: Ausencia[];
  /** Staff only, saved by its own call; '' while none is chosen. */
  zonaId: string;
}

export function toFormValues(p: Profesional): ProfileFormValues {
  return {
    nombre: p.nombre,
    razonSocial: p.razonSocial ?? '',
    email: p.email,
    telefono: p.telefono ?? '',
    direccion: p.direccion ?? '',
    depto: p.depto ?? '',
    localidad: p.localidad ?? '',
    lat: p.lat,
    long: p.long,
    ubicacionOrigen: p.ubicacionOrigen,
    especialidades: p.especialidades.map(({ id }) => ({ id })),
    obrasSociales: p.obrasSociales.map(({ id }) => ({ id })),
    horarios: normalizeSchedule(p.horarios),
    guardias: normalizeSchedule(p.guardias),
    matricula: p.matricula ?? '',
    matriculaJurisdiccion: p.matriculaJurisdiccion ?? '',
    aceptaNuevosPacientes: p.aceptaNuevosPacientes,
    ausencias: p.ausencias.map((a) => ({ ...a })),
    zonaId: p.zonas[0] ? String(p.zonas[0].id) : '',
  };
}

type Place = Pick<ProfileFormValues, 'lat' | 'long' | 'ubicacionOrigen'>;

/** The values without the office's place when it is a pin stored before profiles recorded how pins are placed. */
function withoutUnvouchedPlace<T extends Place>(values: T): T | Omit<T, keyof Place> {
  if ((values.lat === null && values.long === null) || values.ubicacionOrigen !== null) return values;
  const { lat: _lat, long: _long, ubicacionOrigen: _origen, ...rest } = values;
  return rest;
}

/**
 * The body of the save. The owner sends no insurers (they are the network's
 * to change); the zone goes by its own call. The office's place goes with how
 * it was placed, or not at all: a pin stored before profiles recorded that
 * (coordinates without `ubicacionOrigen`) is left out, so it stays as stored
 * instead of going back as a pin nobody says was placed, which the API refuses.
 */
export function toUpdateBody(values: ProfileFormValues, mode: ProfileMode): ProfesionalUpdateInput {
  const { zonaId: _zona, obrasSociales, matriculaJurisdiccion, ...rest } = values;
  // The select offers only the contract's jurisdictions; the schema checks it again on submit.
  const body = {
    ...withoutUnvouchedPlace(rest),
    matriculaJurisdiccion: matriculaJurisdiccion as ProfesionalUpdateInput['matriculaJurisdiccion'],
  };
  return mode === 'admin' ? { ...body, obrasSociales } : body;
}

/** The zone to assign on save: only when one is chosen and it is not the current one. */
export function chosenZona(values: ProfileFormValues, p: Profesional): number | undefined {
  if (!values.zonaId) return undefined;
  const id = Number(values.zonaId);
  return id === p.zonas[0]?.id ? undefined : id;
}

/**
 * The contract's rules, plus the owner's: a phone and a razón social.
 * Values are checked as typed and sent as they are (a pin
 * the save leaves out, as `toUpdateBody` does, is not checked either).
 */
export function profileFormSchema(mode: ProfileMode) {
  const schema =
    mode === 'admin'
      ? profesionalUpdateSchema
      : profesionalUpdateSchema.superRefine((value, ctx) => {
          if (!value.telefono)
            ctx.addIssue({
              code: 'custom',
              path: ['telefono'],
              message: MESSAGES.profesionales.TELEFONO_REQUIRED,
            });
          if (!value.razonSocial)
            ctx.addIssue({ code: 'custom', path: ['razonSocial'], message: MESSAGES.RAZON_SOCIAL_REQUIRED });
        });
  return z.preprocess((values: ProfileFormValues) => withoutUnvouchedPlace(values), schema);
}

const hasTimes = (schedule: WeeklySchedule) =>
  WEEKDAYS.some((day) => schedule[day]?.enabled && (schedule[day]?.times.length ?? 0) > 0);

/**
 * What a profile lacks to count as complete (what 'Mi Perfil' asks for): a phone, a
 * razón social, a day with office hours and a specialty. Empty when complete.
 */
export function missingForCompletion(p: Profesional): string[] {
  const missing: string[] = [];
  if (!p.telefono) missing.push('el teléfono');
  if (!p.razonSocial) missing.push('la razón social');
  if (!hasTimes(p.horarios)) missing.push('al menos un día con horario de atención');
  if (p.especialidades.length === 0) missing.push('al menos una especialidad');
  return missing;
}
