import { MESSAGES, networkClock, pagoInputSchema } from '@red-dental/contracts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { useRegistrarPago } from '../api/cierre.ts';

/**
 * 'Registrar pago': the day a settlement was paid to its dentist, or a lot
 * by its insurer; the days it took show beside it from then on.
 */
export function RegistrarPagoModal({
  que,
  id,
  titulo,
  onClose,
}: {
  que: 'liquidaciones' | 'lotes';
  id: number;
  /** Whose payment: 'Liquidación de Ana Pérez', 'Lote 0001-00000003'. */
  titulo: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const pagar = useRegistrarPago(que);
  return (
    <FormModal
      isOpen
      onClose={onClose}
      title="Registrar pago"
      description={titulo}
      size="sm"
      schema={pagoInputSchema}
      defaultValues={{ pagadoEl: networkClock(new Date()).date }}
      submitLabel="Registrar pago"
      onSubmit={async ({ pagadoEl }) => {
        await pagar.mutateAsync({ id, pagadoEl });
        toast.success(MESSAGES.cierre.PAGO_REGISTRADO);
        onClose();
      }}
    >
      {({ register, formState: { errors } }) => (
        <TextInput
          label="Fecha de pago"
          type="date"
          error={errors.pagadoEl?.message}
          {...register('pagadoEl')}
        />
      )}
    </FormModal>
  );
}
