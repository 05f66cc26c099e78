import {
  type AfiliadoFicha,
  type afiliadoInputSchema,
  MESSAGES,
  NUMERIC_DOCUMENT_TYPES,
  type ObraSocialRef,
  type Plan,
  type TipoDocumento,
} from '@red-dental/contracts';
import type { ReactNode } from 'react';
import type { FieldErrors, FieldPath, UseFormRegister, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert/index.ts';
import { Badge } from '@/components/ui/badge/index.ts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import styles from './afiliado-form.module.css';

/** What the affiliate forms hold before the contract schema turns it into the request body. */
export type AfiliadoFormValues = z.input<typeof afiliadoInputSchema>;

/** 'Editar Afiliado' holds e-mail and phone too, as typed ('' clears them). */
export type AfiliadoEditValues = AfiliadoFormValues & { email: string; telefono: string };

export const EMPTY_AFILIADO: AfiliadoFormValues = {
  nombre: '',
  tipoDocumento: '',
  documento: '',
  fecha_nacimiento: '',
  obraSocial: { id: '' },
  plan: { id: '' },
  numeroAfiliado: '',
  fechaAlta: '',
};

/** The form holds no plan as an empty choice; the body says it with `plan: null`. */
export const withPlanChoice = <T extends { plan?: { id?: unknown } | null }>(values: T): T => ({
  ...values,
  plan: values.plan?.id === undefined || values.plan.id === '' ? null : values.plan,
});

/** Form values of an existing affiliate, for the edit modal. */
export function afiliadoToFormValues(afiliado: {
  nombre: string;
  tipoDocumento: string;
  documento: string;
  fecha_nacimiento: string | null;
  obraSocial: { id: number } | null;
  plan: { id: number } | null;
  numeroAfiliado: string | null;
  fechaAlta: string | null;
}): AfiliadoFormValues {
  return {
    nombre: afiliado.nombre,
    tipoDocumento: afiliado.tipoDocumento,
    documento: afiliado.documento,
    fecha_nacimiento: afiliado.fecha_nacimiento ?? '',
    obraSocial: { id: afiliado.obraSocial?.id ?? '' },
    plan: { id: afiliado.plan?.id ?? '' },
    numeroAfiliado: afiliado.numeroAfiliado ?? '',
    fechaAlta: afiliado.fechaAlta ?? '',
  };
}

/** Puts the API's field errors (400 `fields`, 409 duplicate document) under their inputs; false if none applied. */
export function showServerErrors<T extends AfiliadoFormValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  if (isApiError(error, 409)) {
    form.setError('documento' as FieldPath<T>, { message: error.message }, { shouldFocus: true });
    return true;
  }
  return applyServerErrors(form, error, {
    aliases: { obraSocial: 'obraSocial.id' as FieldPath<T>, plan: 'plan.id' as FieldPath<T> },
  });
}

/** The address the e-mail field shows: the one last entered, pending or confirmed, as in the portal. */
export const emailShown = (ficha: AfiliadoFicha) => ficha.emailPendiente ?? ficha.email ?? '';

/**
 * E-mail and phone in 'Editar Afiliado', read from the record (`ficha`) when
 * the modal opens: locked while they load, and left out of the save when they
 * could not be read, so nothing unseen is overwritten.
 */
export function AfiliadoContactFields({
  register,
  errors,
  ficha,
  loadFailed,
}: {
  register: UseFormRegister<AfiliadoEditValues>;
  errors: FieldErrors<AfiliadoEditValues>;
  ficha: AfiliadoFicha | undefined;
  loadFailed: boolean;
}) {
  const isLoading = !ficha && !loadFailed;
  return (
    <div className={styles.grid}>
      {loadFailed && (
        <Alert variant="warning" className={styles.wide}>
          No se pudieron cargar el email y el teléfono. Puede guardar los demás datos: esos dos no cambiarán.
        </Alert>
      )}
      <div className={`${styles.wide} ${styles.emailField}`}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          icon={<MailIcon size={18} />}
          disabled={!ficha}
          placeholder={isLoading ? 'Cargando...' : undefined}
          hint="Si lo cambia, se enviará un enlace de confirmación a la nueva dirección: no recibirá novedades allí hasta que se abra."
          error={errors.email?.message}
          {...register('email')}
        />
        {ficha && <EmailStatus ficha={ficha} />}
      </div>
      <TextInput
        label="Teléfono"
        type="tel"
        autoComplete="off"
        disabled={!ficha}
        placeholder={isLoading ? 'Cargando...' : undefined}
        error={errors.telefono?.message}
        {...register('telefono')}
      />
    </div>
  );
}

/** Whether the record's e-mail is proven: only a confirmed address receives notices and news. */
function EmailStatus({ ficha }: { ficha: AfiliadoFicha }) {
  const { email, emailPendiente: pendiente } = ficha;
  const meanwhile = email
    ? `Hasta entonces, las novedades siguen llegando a ${email}.`
    : 'Hasta entonces no recibe novedades por email.';
  let badge: ReactNode;
  let text: string;
  if (pendiente && ficha.emailPendienteVencido) {
    badge = <Badge tone="error">Enlace vencido</Badge>;
    text = `El enlace enviado a ${pendiente} venció sin abrirse. Guarde el afiliado para enviar uno nuevo. ${meanwhile}`;
  } else if (pendiente) {
    badge = <Badge tone="warning">Pendiente de confirmación</Badge>;
    text = `Se envió un enlace a ${pendiente}: se usará cuando su dueño lo abra. ${meanwhile}`;
  } else if (email) {
    badge = <Badge tone="success">Confirmado</Badge>;
    text = `${email} recibe las notificaciones y novedades del portal.`;
  } else {
    badge = <Badge>Sin email</Badge>;
    text = 'El afiliado no recibe novedades por email.';
  }
  return (
    <p className={styles.emailStatus}>
      {badge} {text}
    </p>
  );
}

/**
 * The fields shared by the 'Cargar Afiliado' form and the 'Editar Afiliado'
 * modal: the spec's five, then the plan of the chosen insurer, the card's
 * number and the day the affiliate joined.
 */
export function AfiliadoFormFields({
  register,
  errors,
  tipos,
  tipoDocumento,
  obrasSociales,
  planes,
  obraSocialId,
  onObraSocialChange,
  canBeUnassigned = false,
}: {
  register: UseFormRegister<AfiliadoFormValues>;
  errors: FieldErrors<AfiliadoFormValues>;
  tipos: readonly string[];
  /** The type currently chosen: DNI, LE and LC get a numeric keyboard. */
  tipoDocumento: string;
  obrasSociales: readonly ObraSocialRef[] | undefined;
  /** Every insurer's plans: the plan field offers those of the insurer chosen. */
  planes: readonly Plan[] | undefined;
  /** The insurer currently chosen. */
  obraSocialId: unknown;
  /** Another insurer was chosen: a plan of the one before no longer fits. */
  onObraSocialChange: () => void;
  /** Offer 'No asignada' as a choice: an affiliate left without insurer can be saved as it is. */
  canBeUnassigned?: boolean;
}) {
  const insurerOptions = (obrasSociales ?? []).map((o) => ({ value: o.id, label: o.nombre }));
  const planOptions = (planes ?? [])
    .filter((p) => p.obraSocial.id === Number(obraSocialId))
    .map((p) => ({ value: p.id, label: `${p.nombre} (${p.codigo})` }));
  const isNumeric = NUMERIC_DOCUMENT_TYPES.includes(tipoDocumento as TipoDocumento);
  return (
    <div className={styles.grid}>
      <TextInput
        label="Nombre Completo"
        autoComplete="off"
        className={styles.wide}
        error={errors.nombre?.message}
        {...register('nombre')}
      />
      <Select
        label="Tipo"
        placeholder="Seleccione el tipo"
        options={tipos.map((t) => ({ value: t, label: t }))}
        error={errors.tipoDocumento?.message}
        {...register('tipoDocumento')}
      />
      <TextInput
        label="Número de Documento"
        autoComplete="off"
        inputMode={isNumeric ? 'numeric' : 'text'}
        error={errors.documento?.message}
        {...register('documento')}
      />
      <TextInput
        label="Fecha de Nacimiento"
        type="date"
        min="1900-01-01"
        max={new Date().toISOString().slice(0, 10)}
        error={errors.fecha_nacimiento?.message}
        {...register('fecha_nacimiento')}
      />
      <Select
        label="Obra Social"
        placeholder={
          canBeUnassigned ? undefined : obrasSociales ? 'Seleccione una obra social' : 'Cargando...'
        }
        options={canBeUnassigned ? [{ value: '', label: 'No asignada' }, ...insurerOptions] : insurerOptions}
        error={errors.obraSocial?.id?.message ?? errors.obraSocial?.message}
        {...register('obraSocial.id', {
          // No choice is "no insurer": creation reports 'La obra social es obligatoria', edit sends null.
          setValueAs: (value: unknown) => (value === '' || value == null ? undefined : Number(value)),
          onChange: onObraSocialChange,
        })}
      />
      <Select
        label="Plan"
        options={[{ value: '', label: MESSAGES.afiliados.SIN_PLAN }, ...planOptions]}
        disabled={!obraSocialId}
        hint={obraSocialId ? undefined : 'Elija primero la obra social'}
        error={errors.plan?.id?.message ?? errors.plan?.message}
        {...register('plan.id', {
          setValueAs: (value: unknown) => (value === '' || value == null ? undefined : Number(value)),
        })}
      />
      <TextInput
        label="Número de Afiliado"
        autoComplete="off"
        hint="Como figura en la credencial de la obra social"
        error={errors.numeroAfiliado?.message}
        {...register('numeroAfiliado')}
      />
      <TextInput
        label="Fecha de Alta"
        type="date"
        min="1900-01-01"
        hint="Desde ella cuentan las carencias del plan"
        error={errors.fechaAlta?.message}
        {...register('fechaAlta')}
      />
    </div>
  );
}
