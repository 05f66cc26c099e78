import {
  type Especialidad,
  GUARDIAS,
  JURISDICCIONES,
  type ObraSocialRef,
  type Profesional,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { Controller, type FieldError, useFormContext, useWatch } from 'react-hook-form';
import { AddressField } from '@/components/lookups/address-field/index.ts';
import { LocationMap } from '@/components/maps/location-map/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { CheckCircleIcon, ClockIcon, MailIcon } from '@/components/ui/icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { WeeklyScheduleEditor } from '@/components/ui/weekly-schedule-editor/index.ts';
import { formatMomentDate } from '@/lib/format.ts';
import fieldGrid from '@/styles/field-grid.module.css';
import { AusenciasField } from './ausencias-field.tsx';
import styles from './profile-form.module.css';
import type { ProfileFormValues, ProfileMode } from './profile-form-values.ts';

interface SectionProps {
  isEditing: boolean;
}

/** A titled part of the profile. */
function ProfileSection({
  title,
  id,
  children,
  aside,
}: {
  title: string;
  id: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h3 id={id} className={styles.sectionTitle}>
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** Nombre, Razón Social, Email and Teléfono, in the order each screen of the spec lists them. */
function ContactFields({ isEditing, mode }: SectionProps & { mode: ProfileMode }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const readOnly = !isEditing;
  const nombre = (
    <TextInput
      key="nombre"
      label="Nombre"
      autoComplete="name"
      readOnly={readOnly}
      error={errors.nombre?.message}
      {...register('nombre')}
    />
  );
  const razonSocial = (
    <TextInput
      key="razonSocial"
      label="Razón Social"
      autoComplete="organization"
      readOnly={readOnly}
      required={mode === 'owner'}
      error={errors.razonSocial?.message}
      {...register('razonSocial')}
    />
  );
  const email = (
    <TextInput
      key="email"
      label="Email"
      type="email"
      autoComplete="email"
      icon={<MailIcon size={18} />}
      readOnly={readOnly}
      error={errors.email?.message}
      {...register('email')}
    />
  );
  const telefono = (
    <TextInput
      key="telefono"
      label="Teléfono"
      type="tel"
      autoComplete="tel"
      readOnly={readOnly}
      required={mode === 'owner'}
      error={errors.telefono?.message}
      {...register('telefono')}
    />
  );
  return (
    <div className={fieldGrid.grid}>
      {mode === 'owner' ? [nombre, email, telefono, razonSocial] : [nombre, razonSocial, email, telefono]}
    </div>
  );
}

/**
 * Dirección (with suggestions that fill the coordinates and the locality),
 * Piso/Depto./Extra, Localidad, and the pin on a small map that can be
 * dragged to correct the geocoder.
 */
function LocationFields({ isEditing }: SectionProps) {
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const [lat, long] = useWatch({ control, name: ['lat', 'long'] });
  const readOnly = !isEditing;
  const dirty = { shouldDirty: true } as const;

  return (
    <div className={fieldGrid.grid}>
      {isEditing ? (
        <Controller
          control={control}
          name="direccion"
          render={({ field, fieldState }) => (
            <AddressField
              name={field.name}
              value={field.value}
              onChange={(text) => {
                field.onChange(text);
                // A typed address no longer matches the pin: it comes back with a suggestion picked.
                if (getValues('lat') !== null || getValues('long') !== null) {
                  setValue('lat', null, dirty);
                  setValue('long', null, dirty);
                  setValue('ubicacionOrigen', null, dirty);
                }
              }}
              error={fieldState.error?.message}
              hint="Escriba la calle y el número y elija una de las sugerencias."
              onSelect={(suggestion) => {
                setValue('lat', suggestion.lat, dirty);
                setValue('long', suggestion.lon, dirty);
                setValue('ubicacionOrigen', 'geocoder', dirty);
                if (suggestion.localidad) setValue('localidad', suggestion.localidad, dirty);
              }}
            />
          )}
        />
      ) : (
        <TextInput label="Dirección" readOnly {...register('direccion')} />
      )}
      <TextInput
        label="Piso/Depto./Extra"
        readOnly={readOnly}
        error={errors.depto?.message}
        {...register('depto')}
      />
      <TextInput
        label="Localidad"
        readOnly={readOnly}
        error={errors.localidad?.message}
        {...register('localidad')}
      />
      <div className={fieldGrid.wide}>
        <LocationMap
          lat={lat}
          long={long}
          editable={isEditing}
          label="Ubicación del consultorio en el mapa"
          onMove={(nextLat, nextLong) => {
            setValue('lat', nextLat, dirty);
            setValue('long', nextLong, dirty);
            setValue('ubicacionOrigen', 'manual', dirty);
          }}
        />
      </div>
    </div>
  );
}

function toggleRef(list: { id: number }[], id: number, checked: boolean) {
  return checked ? [...list, { id }] : list.filter((item) => item.id !== id);
}

function TagList({ items, empty }: { items: { id: number; nombre: string }[]; empty: string }) {
  if (items.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.tags}>
      {items.map((item) => (
        <li key={item.id} className={styles.tag}>
          {item.nombre}
        </li>
      ))}
    </ul>
  );
}

/** Checkboxes of a catalogue, kept in the form as `[{id}]`; in view mode, the ticked ones. */
function RefCheckboxes({
  name,
  options,
  legend,
  isEditing,
  empty,
  onTick,
}: {
  name: 'especialidades' | 'obrasSociales';
  options: { id: number; nombre: string }[] | undefined;
  legend: string;
  isEditing: boolean;
  empty: string;
  onTick?: (option: { id: number; nombre: string }) => void;
}) {
  const { control } = useFormContext<ProfileFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = new Set(field.value.map((item) => item.id));
        if (!isEditing)
          return <TagList items={(options ?? []).filter((o) => chosen.has(o.id))} empty={empty} />;
        return (
          <fieldset
            className={styles.checkboxes}
            aria-describedby={fieldState.error ? `${name}-error` : undefined}
          >
            <legend className="sr-only">{legend}</legend>
            {(options ?? []).map((option) => (
              <Checkbox
                key={option.id}
                label={option.nombre}
                checked={chosen.has(option.id)}
                onChange={(event) => {
                  field.onChange(toggleRef(field.value, option.id, event.target.checked));
                  if (event.target.checked) onTick?.(option);
                }}
              />
            ))}
            {fieldState.error && (
              <p id={`${name}-error`} className={styles.error} role="alert">
                {fieldState.error.message}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

/** Especialidades; ticking GUARDIAS opens the on-call editor (spec section 3). */
function EspecialidadesField({
  isEditing,
  especialidades,
  onGuardiasTicked,
}: SectionProps & { especialidades: Especialidad[] | undefined; onGuardiasTicked: () => void }) {
  return (
    <RefCheckboxes
      name="especialidades"
      legend="Especialidades"
      options={especialidades}
      isEditing={isEditing}
      empty="Sin especialidades cargadas."
      onTick={(option) => {
        if (option.nombre === GUARDIAS) onGuardiasTicked();
      }}
    />
  );
}

/** Staff tick the insurers; the professional sees them, as the network keeps them. */
function ObrasSocialesField({
  isEditing,
  mode,
  options,
  profesional,
}: SectionProps & { mode: ProfileMode; options: ObraSocialRef[] | undefined; profesional: Profesional }) {
  if (mode === 'owner')
    return (
      <>
        <TagList items={profesional.obrasSociales} empty="Todavía no atiende obras sociales de la red." />
        <p className={styles.hint}>Las obras sociales que atiende las asigna la red.</p>
      </>
    );
  return (
    <RefCheckboxes
      name="obrasSociales"
      legend="Obras Sociales"
      options={options}
      isEditing={isEditing}
      empty="No atiende obras sociales."
    />
  );
}

/** The first message found under a schedule's errors (a day's overlap, or one of its ranges). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as FieldError).message;
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && !('nodeType' in value)) {
      const found = firstMessage(value);
      if (found) return found;
    }
  }
  return undefined;
}

/** The days of a schedule the checks refused, as 'Lunes: message'. */
export function ScheduleErrors({ name }: { name: 'horarios' | 'guardias' }) {
  const {
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const dayErrors = WEEKDAYS.flatMap((day) => {
    const message = firstMessage(errors[name]?.[day]);
    return message ? [`${WEEKDAY_LABELS[day]}: ${message}`] : [];
  });
  if (dayErrors.length === 0) return null;
  return (
    <ul className={styles.error} role="alert">
      {dayErrors.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/**
 * A weekly schedule of the form: the editor in edit mode, the read-only list
 * otherwise. Its legend names it (no section heading around it).
 */
export function ScheduleField({
  name,
  legend,
  isEditing,
  hideLegend,
}: SectionProps & { name: 'horarios' | 'guardias'; legend: string; hideLegend?: boolean }) {
  const { control } = useFormContext<ProfileFormValues>();
  return (
    <>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <WeeklyScheduleEditor
            legend={legend}
            hideLegend={hideLegend}
            value={field.value}
            onChange={field.onChange}
            readOnly={!isEditing}
          />
        )}
      />
      <ScheduleErrors name={name} />
    </>
  );
}

/** The licence: number and jurisdiction, and whether staff checked it. */
function MatriculaFields({
  isEditing,
  profesional,
  verifyAction,
}: SectionProps & { profesional: Profesional; verifyAction?: ReactNode }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const readOnly = !isEditing;
  return (
    <div className={fieldGrid.grid}>
      <TextInput
        label="Matrícula"
        readOnly={readOnly}
        placeholder={isEditing ? 'Opcional' : undefined}
        error={errors.matricula?.message}
        {...register('matricula')}
      />
      {isEditing ? (
        <Select
          label="Jurisdicción de la matrícula"
          placeholder="Opcional"
          options={[
            { value: '', label: 'Sin indicar' },
            ...JURISDICCIONES.map((j) => ({ value: j, label: j })),
          ]}
          error={errors.matriculaJurisdiccion?.message}
          {...register('matriculaJurisdiccion')}
        />
      ) : (
        <TextInput label="Jurisdicción de la matrícula" readOnly {...register('matriculaJurisdiccion')} />
      )}
      <div className={`${fieldGrid.wide} ${styles.statusRow}`}>
        <MatriculaStatus profesional={profesional} />
        {verifyAction}
      </div>
    </div>
  );
}

function MatriculaStatus({ profesional }: { profesional: Profesional }) {
  if (!profesional.matricula) return <p className={styles.muted}>Sin matrícula cargada.</p>;
  if (!profesional.matriculaVerificadaAt)
    return (
      <p className={styles.statusPending}>
        <ClockIcon size={18} />
        Matrícula sin verificar por la red.
      </p>
    );
  return (
    <p className={styles.statusOk}>
      <CheckCircleIcon size={18} />
      Matrícula verificada el {formatMomentDate(profesional.matriculaVerificadaAt)}
      {profesional.matriculaVerificadaPor ? ` por ${profesional.matriculaVerificadaPor}` : ''}.
    </p>
  );
}

/** 'Acepta nuevos pacientes'. */
function AceptaNuevosPacientesField({ isEditing }: SectionProps) {
  const { register } = useFormContext<ProfileFormValues>();
  return (
    <Checkbox label="Acepta nuevos pacientes" disabled={!isEditing} {...register('aceptaNuevosPacientes')} />
  );
}

/** A button that looks like a link, for actions the spec calls links ('Horarios de Guardias', 'Agregar zona'). */
export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button variant="none" className={styles.linkButton} onClick={onClick}>
      {children}
    </Button>
  );
}

// ---------------------------------------------------------------------------
// The sections each screen lists, in its own order
// ---------------------------------------------------------------------------

export function ContactSection({ isEditing, mode }: SectionProps & { mode: ProfileMode }) {
  return (
    <ProfileSection title="Datos de contacto" id="contacto-heading">
      <ContactFields isEditing={isEditing} mode={mode} />
    </ProfileSection>
  );
}

/** The office: address, floor, locality and the map; `children` adds what a screen places there (the zone). */
export function OfficeSection({ isEditing, children }: SectionProps & { children?: ReactNode }) {
  return (
    <ProfileSection title="Consultorio" id="consultorio-heading">
      <LocationFields isEditing={isEditing} />
      {children}
    </ProfileSection>
  );
}

/** Especialidades, 'Acepta nuevos pacientes' and the 'Horarios de Guardias' link. */
export function EspecialidadesSection({
  isEditing,
  especialidades,
  onOpenGuardias,
}: SectionProps & { especialidades: Especialidad[] | undefined; onOpenGuardias: () => void }) {
  return (
    <ProfileSection
      title="Especialidades"
      id="especialidades-heading"
      aside={<LinkButton onClick={onOpenGuardias}>Horarios de Guardias</LinkButton>}
    >
      <EspecialidadesField
        isEditing={isEditing}
        especialidades={especialidades}
        onGuardiasTicked={onOpenGuardias}
      />
      <AceptaNuevosPacientesField isEditing={isEditing} />
    </ProfileSection>
  );
}

export function ObrasSocialesSection(props: Parameters<typeof ObrasSocialesField>[0]) {
  return (
    <ProfileSection title="Obras Sociales" id="obras-sociales-heading">
      <ObrasSocialesField {...props} />
    </ProfileSection>
  );
}

/** 'Horarios de atención': the weekly editor names itself (its legend), so no heading of its own. */
export function HorariosSection({ isEditing }: SectionProps) {
  return (
    <div className={styles.section}>
      <ScheduleField name="horarios" legend="Horarios de atención" isEditing={isEditing} />
    </div>
  );
}

export function AusenciasSection({ isEditing }: SectionProps) {
  return (
    <ProfileSection title="Ausencias" id="ausencias-heading">
      <AusenciasField isEditing={isEditing} />
    </ProfileSection>
  );
}

export function MatriculaSection(props: Parameters<typeof MatriculaFields>[0]) {
  return (
    <ProfileSection title="Matrícula profesional" id="matricula-heading">
      <MatriculaFields {...props} />
    </ProfileSection>
  );
}

/** The edit mode's footer: whether something changed, Cancelar and the save button. */
export function ProfileFormActions({
  isDirty,
  isSaving,
  isCancelling = false,
  onCancel,
  submitLabel,
}: {
  isDirty: boolean;
  isSaving: boolean;
  isCancelling?: boolean;
  onCancel: () => void;
  submitLabel: string;
}) {
  return (
    <div className={styles.actions}>
      {isDirty && (
        <p className={styles.dirty}>
          <span aria-hidden="true" className={styles.dirtyDot} />
          Hay cambios sin guardar
        </p>
      )}
      <Button variant="secondary" onClick={onCancel} isLoading={isCancelling} disabled={isSaving}>
        Cancelar
      </Button>
      <Button type="submit" isLoading={isSaving}>
        {submitLabel}
      </Button>
    </div>
  );
}

export function ProfileLoading() {
  return (
    <p className={styles.loading} role="status">
      <Spinner size={20} /> Cargando...
    </p>
  );
}
