import {
  ADJUNTO_LABELS,
  ADJUNTOS,
  AMBITO_LABELS,
  AMBITOS,
  CAPITULOS,
  describeRegla,
  type GrupoCodigos,
  objetivoNombre,
  type Plan,
  parseObjetivo,
  type Regla,
  type ReglaForm,
  reglaFormSchema,
} from '@red-dental/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { CheckboxGroup } from '@/components/ui/checkbox-group/index.ts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { applyServerErrors } from '@/lib/form-errors.ts';
import { useSaveRegla } from '../api/save-regla.ts';
import styles from './planes.module.css';

const text = (n: number | null) => (n === null ? '' : String(n));

/** A rule's values as the editor holds them: the target by kind, numbers as text. */
function valuesOf(r: Regla | null): ReglaForm {
  const objetivo = r ? parseObjetivo(r.objetivo) : undefined;
  return {
    objetivoTipo: objetivo?.tipo ?? 'codigo',
    codigo: objetivo?.tipo === 'codigo' ? objetivo.codigo : '',
    grupo: objetivo?.tipo === 'grupo' ? objetivo.grupo : '',
    capitulo: objetivo?.tipo === 'capitulo' ? objetivo.capitulo : '',
    cubre: r?.cubre ?? true,
    coberturaPct: r ? text(r.coberturaPct) : '100',
    coseguroTipo: r?.coseguroImporte != null ? 'importe' : r?.coseguroPct != null ? 'pct' : 'ninguno',
    // The amount as it is typed: '1500,00', without the sign or the thousands' dots.
    coseguro:
      r?.coseguroImporte != null
        ? (r.coseguroImporte / 100).toFixed(2).replace('.', ',')
        : text(r?.coseguroPct ?? null),
    requiereAutorizacion: r?.requiereAutorizacion ?? false,
    adjuntos: r?.adjuntos ?? [],
    frecuencia: text(r?.frecuencia ?? null),
    periodo: r?.anioCalendario
      ? 'anio'
      : r && r.frecuencia !== null && r.periodoDias === null
        ? 'total'
        : 'dias',
    periodoDias: text(r?.periodoDias ?? null),
    ambito: r?.ambito ?? 'afiliado',
    mismoPrestador: r?.mismoPrestador ?? false,
    edadMin: text(r?.edadMin ?? null),
    edadMax: text(r?.edadMax ?? null),
    carenciaDias: text(r?.carenciaDias ?? null),
    topeMensual: text(r?.topeMensual ?? null),
    garantiaMeses: text(r?.garantiaMeses ?? null),
    vigenteDesde: r?.vigenteDesde ?? '',
    vigenteHasta: r?.vigenteHasta ?? '',
  };
}

/** The rule as it will read once saved, or what is missing to read it. */
function Reading({ values, codigoNombre }: { values: ReglaForm; codigoNombre?: string }) {
  const parsed = reglaFormSchema.safeParse(values);
  const objetivo = parsed.success ? parseObjetivo(parsed.data.objetivo) : undefined;
  return (
    <p className={styles.reading} aria-live="polite">
      <span className={styles.readingLabel}>Así se lee la regla</span>
      {parsed.success && objetivo
        ? describeRegla(
            parsed.data,
            objetivoNombre(objetivo, objetivo.tipo === 'codigo' ? codigoNombre : undefined),
          )
        : 'Complete los campos marcados para leerla.'}
    </p>
  );
}

type Form = UseFormReturn<ReglaForm, unknown, unknown>;

/** Where the refusals of the rule's fields go in the editor. */
const ALIASES = {
  coseguroImporte: 'coseguro',
  coseguroPct: 'coseguro',
} as const;

/**
 * 'Nueva regla' or 'Editar regla' of a plan: what it applies to, whether and
 * how much it covers, the copay, the limits (frequency, ages, waiting period,
 * monthly cap, guarantee), what a line needs and its days; and, under the
 * fields, the rule as it reads.
 */
export function ReglaModal({
  plan,
  regla,
  grupos,
  onClose,
  onSaved,
}: {
  plan: Plan;
  regla: Regla | null;
  grupos: readonly GrupoCodigos[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const save = useSaveRegla();
  const codigoNombre =
    regla && parseObjetivo(regla.objetivo)?.tipo === 'codigo'
      ? regla.objetivoNombre.replace(/ \([\d.]+\)$/, '')
      : undefined;
  return (
    <FormModal
      isOpen
      size="lg"
      onClose={onClose}
      title={regla ? 'Editar regla' : 'Nueva regla'}
      description={`${plan.nombre} (${plan.obraSocial.nombre}).`}
      schema={reglaFormSchema}
      defaultValues={valuesOf(regla)}
      submitLabel={regla ? 'Guardar' : 'Agregar regla'}
      placeServerErrors={(form, error) =>
        applyServerErrors(form, error, {
          aliases: {
            ...ALIASES,
            objetivo: form.getValues('objetivoTipo') as 'codigo' | 'grupo' | 'capitulo',
          },
        })
      }
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, planId: plan.id, id: regla?.id });
        onSaved();
      }}
    >
      {(form) => <ReglaFields form={form as Form} grupos={grupos} codigoNombre={codigoNombre} />}
    </FormModal>
  );
}

function ReglaFields({
  form,
  grupos,
  codigoNombre,
}: {
  form: Form;
  grupos: readonly GrupoCodigos[];
  codigoNombre?: string;
}) {
  const {
    register,
    control,
    watch,
    formState: { errors: fieldErrors },
  } = form;
  // The schema's own paths (objetivo, coseguroImporte…) beside the form's fields.
  const errors = fieldErrors as Record<string, { message?: string } | undefined>;
  const values = watch();
  const objetivoError = errors.objetivo?.message;
  return (
    <>
      <div className={styles.formRow}>
        <Select
          label="Se aplica a"
          options={[
            { value: 'codigo', label: 'Un código' },
            { value: 'grupo', label: 'Un grupo de códigos' },
            { value: 'capitulo', label: 'Un capítulo' },
          ]}
          {...register('objetivoTipo')}
        />
        {values.objetivoTipo === 'codigo' && (
          <TextInput
            label="Código"
            autoComplete="off"
            hint="Por ejemplo 05.01"
            error={objetivoError ?? errors.codigo?.message}
            {...register('codigo')}
          />
        )}
        {values.objetivoTipo === 'grupo' && (
          <Select
            label="Grupo"
            placeholder="Elija el grupo"
            options={grupos.map((g) => ({ value: g.nombre, label: g.nombre }))}
            error={objetivoError ?? errors.grupo?.message}
            {...register('grupo')}
          />
        )}
        {values.objetivoTipo === 'capitulo' && (
          <Select
            label="Capítulo"
            placeholder="Elija el capítulo"
            options={CAPITULOS.map((c) => ({ value: c.capitulo, label: `${c.capitulo} ${c.nombre}` }))}
            error={objetivoError ?? errors.capitulo?.message}
            {...register('capitulo')}
          />
        )}
      </div>
      <Checkbox
        label="El plan cubre esta prestación"
        description="Sin marcar, la regla dice que no está cubierta."
        {...register('cubre')}
      />
      {values.cubre && (
        <>
          <div className={styles.formRow}>
            <TextInput
              label="Cobertura (%)"
              inputMode="numeric"
              error={errors.coberturaPct?.message}
              {...register('coberturaPct')}
            />
            <Select
              label="Coseguro"
              options={[
                { value: 'ninguno', label: 'Sin coseguro' },
                { value: 'importe', label: 'En pesos' },
                { value: 'pct', label: 'En porcentaje' },
              ]}
              {...register('coseguroTipo')}
            />
            {values.coseguroTipo !== 'ninguno' && (
              <TextInput
                label={values.coseguroTipo === 'importe' ? 'Coseguro ($)' : 'Coseguro (%)'}
                inputMode="decimal"
                error={
                  errors.coseguro?.message ?? errors.coseguroImporte?.message ?? errors.coseguroPct?.message
                }
                {...register('coseguro')}
              />
            )}
          </div>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Frecuencia</legend>
            <div className={styles.formRow}>
              <TextInput
                label="Cantidad"
                inputMode="numeric"
                hint="Vacío: sin límite"
                error={errors.frecuencia?.message}
                {...register('frecuencia')}
              />
              <Select
                label="Período"
                options={[
                  { value: 'dias', label: 'Cada tantos días' },
                  { value: 'anio', label: 'Por año calendario' },
                  { value: 'total', label: 'En total' },
                ]}
                {...register('periodo')}
              />
              {values.periodo === 'dias' && (
                <TextInput
                  label="Días"
                  inputMode="numeric"
                  error={errors.periodoDias?.message}
                  {...register('periodoDias')}
                />
              )}
              <Select
                label="Cuenta"
                options={AMBITOS.map((a) => ({ value: a, label: AMBITO_LABELS[a] }))}
                error={errors.ambito?.message}
                {...register('ambito')}
              />
            </div>
            <Checkbox label="Solo cuenta las del mismo prestador" {...register('mismoPrestador')} />
          </fieldset>
          <div className={styles.numbersRow}>
            <TextInput
              label="Edad mínima"
              inputMode="numeric"
              error={errors.edadMin?.message}
              {...register('edadMin')}
            />
            <TextInput
              label="Edad máxima"
              inputMode="numeric"
              error={errors.edadMax?.message}
              {...register('edadMax')}
            />
            <TextInput
              label="Carencia (días)"
              inputMode="numeric"
              error={errors.carenciaDias?.message}
              {...register('carenciaDias')}
            />
            <TextInput
              label="Tope por mes"
              inputMode="numeric"
              error={errors.topeMensual?.message}
              {...register('topeMensual')}
            />
            <TextInput
              label="Garantía (meses)"
              inputMode="numeric"
              error={errors.garantiaMeses?.message}
              {...register('garantiaMeses')}
            />
          </div>
          <Checkbox label="Requiere autorización previa" {...register('requiereAutorizacion')} />
          <Controller
            control={control}
            name="adjuntos"
            render={({ field }) => (
              <CheckboxGroup
                legend="Adjuntos que pide"
                options={ADJUNTOS.map((a) => ({
                  value: a,
                  label: ADJUNTO_LABELS[a].charAt(0).toUpperCase() + ADJUNTO_LABELS[a].slice(1),
                }))}
                value={field.value}
                onChange={(next) => field.onChange(next)}
              />
            )}
          />
        </>
      )}
      <div className={styles.formRow}>
        <TextInput
          label="Vigente desde"
          type="date"
          error={errors.vigenteDesde?.message}
          {...register('vigenteDesde')}
        />
        <TextInput
          label="Vigente hasta"
          type="date"
          hint="Vacío: sin fecha de fin"
          error={errors.vigenteHasta?.message}
          {...register('vigenteHasta')}
        />
      </div>
      <Reading values={values} codigoNombre={codigoNombre} />
    </>
  );
}
