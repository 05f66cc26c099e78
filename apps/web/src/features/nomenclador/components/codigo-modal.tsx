import {
  AREA_LABELS,
  AREAS_TRATAMIENTO,
  type CodigoForm,
  type CodigoPrestacion,
  codigoFormSchema,
  DENTICION_LABELS,
  DENTICIONES,
  formatUnidades,
} from '@red-dental/contracts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useUpdateCodigo } from '../api/update-codigo.ts';
import styles from './nomenclador.module.css';

const AREA_OPTIONS = AREAS_TRATAMIENTO.map((a) => ({ value: a, label: AREA_LABELS[a] }));
const DENTICION_OPTIONS = DENTICIONES.map((d) => ({ value: d, label: DENTICION_LABELS[d] }));

const valuesOf = (c: CodigoPrestacion): CodigoForm => ({
  nombre: c.nombre,
  norma: c.norma ?? '',
  area: c.area,
  carasMin: c.area === 'caras' ? String(c.carasMin) : '',
  carasMax: c.area === 'caras' ? String(c.carasMax) : '',
  denticion: c.denticion,
  unidades: c.unidades === null ? '' : formatUnidades(c.unidades),
});

/** 'Editar código 02.01': what the code is, its code aside (lines and rules point to it). Open while shown. */
export function CodigoModal({
  codigo,
  onClose,
  onSaved,
}: {
  codigo: CodigoPrestacion;
  onClose: () => void;
  onSaved: () => void;
}) {
  const update = useUpdateCodigo();
  return (
    <FormModal
      isOpen
      onClose={onClose}
      title={`Editar código ${codigo.codigo}`}
      schema={codigoFormSchema}
      defaultValues={valuesOf(codigo)}
      submitLabel="Guardar"
      onSubmit={async (values) => {
        await update.mutateAsync({ ...values, id: codigo.id });
        onSaved();
      }}
    >
      {({ register, watch, formState: { errors } }) => (
        <>
          <TextInput
            label="Nombre"
            autoComplete="off"
            error={errors.nombre?.message}
            {...register('nombre')}
          />
          <TextArea
            label="Norma"
            hint="Qué incluye el código y cómo se factura (opcional)"
            rows={3}
            error={errors.norma?.message}
            {...register('norma')}
          />
          <div className={styles.formRow}>
            <Select label="Área de tratamiento" options={AREA_OPTIONS} {...register('area')} />
            <Select label="Dentición" options={DENTICION_OPTIONS} {...register('denticion')} />
          </div>
          {watch('area') === 'caras' && (
            <div className={styles.formRow}>
              <TextInput
                label="Caras mínimas"
                inputMode="numeric"
                error={errors.carasMin?.message}
                {...register('carasMin')}
              />
              <TextInput
                label="Caras máximas"
                inputMode="numeric"
                error={errors.carasMax?.message}
                {...register('carasMax')}
              />
            </div>
          )}
          <TextInput
            label="Unidades"
            hint="Para los aranceles por unidad; vacío si se paga solo por importe"
            inputMode="decimal"
            error={errors.unidades?.message}
            {...register('unidades')}
          />
        </>
      )}
    </FormModal>
  );
}
