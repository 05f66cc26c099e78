import { type CierreForm, cierreFormSchema, periodoText } from '@red-dental/contracts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { useCerrarPeriodo } from '../api/cierre.ts';
import styles from './cierre.module.css';

const VALORES: CierreForm = { porcentaje: '5', desde: '', desvio: '2', semilla: '' };

/**
 * 'Cerrar el período': the sample's terms before the month is closed. The
 * closing runs once; a seed left empty is the month's own, so the same
 * lines would be drawn again.
 */
export function CerrarPeriodoModal({
  periodo,
  onClose,
  onCerrado,
}: {
  periodo: string;
  onClose: () => void;
  onCerrado: () => void;
}) {
  const toast = useToast();
  const cerrar = useCerrarPeriodo();
  return (
    <FormModal
      isOpen
      onClose={onClose}
      title={`Cerrar ${periodoText(periodo)}`}
      description="Se presentan todas las prestaciones validadas hasta el último día del mes y las reglas se aplican de nuevo a la fecha de cada una. Las que las reglas aprueban se liquidan, salvo la muestra, que va a la auditoría odontológica."
      schema={cierreFormSchema}
      defaultValues={VALORES}
      submitLabel="Cerrar el período"
      onSubmit={async (values) => {
        const r = await cerrar.mutateAsync({ periodo, ...values });
        toast.success(r.message);
        onCerrado();
      }}
    >
      {({ register, formState: { errors } }) => (
        <div className={styles.seccion}>
          <TextInput
            label="Muestra al azar (% de las líneas limpias)"
            inputMode="decimal"
            error={errors.porcentaje?.message}
            {...register('porcentaje')}
          />
          <TextInput
            label="Auditar toda línea desde (importe a cargo de la obra social)"
            inputMode="decimal"
            placeholder="Vacío: sin tope"
            error={errors.desde?.message}
            {...register('desde')}
          />
          <TextInput
            label="Auditar al prestador con desvío (veces la mediana de la red)"
            inputMode="decimal"
            placeholder="Vacío: no se mide"
            error={errors.desvio?.message}
            {...register('desvio')}
          />
          <TextInput
            label="Semilla del sorteo"
            inputMode="numeric"
            placeholder="Vacía: la del mes"
            error={errors.semilla?.message}
            {...register('semilla')}
          />
        </div>
      )}
    </FormModal>
  );
}
