import { z } from 'zod';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useUpdateReporte } from '../api/update-reporte.ts';
import styles from './close-reporte-modal.module.css';

/** The note's bound in reporteUpdateSchema, said while it is typed in the words of this dialog. */
const NOTA_MAX = 500;
const closeReporteSchema = z.object({
  nota: z
    .string()
    .refine((nota) => nota.trim().length <= NOTA_MAX, `Use ${NOTA_MAX} caracteres como máximo.`),
});

/**
 * 'Cerrar reporte': what was found or done, which the affiliate who sent the
 * report reads. The same dialog closes a report from the queue and from the
 * provider's page.
 */
export function CloseReporteModal({
  reporte,
  profesionalNombre,
  onClose,
}: {
  reporte: { id: number; motivo: string };
  profesionalNombre: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const update = useUpdateReporte();
  return (
    <FormModal
      isOpen
      onClose={onClose}
      title="Cerrar reporte"
      size="sm"
      className={styles.body}
      schema={closeReporteSchema}
      defaultValues={{ nota: '' }}
      checkWhileTyping
      submitLabel="Cerrar reporte"
      onSubmit={async ({ nota }) => {
        await update.mutateAsync({ id: reporte.id, estado: 'cerrado', nota: nota.trim() || undefined });
        toast.success(`Se cerró el reporte sobre ${profesionalNombre}`);
        onClose();
      }}
      onFailure={(error) => {
        toast.error(errorMessage(error));
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <p>
            <strong>{profesionalNombre}</strong>: {reporte.motivo}
          </p>
          <TextArea
            label="Qué se revisó o corrigió (lo lee el afiliado que lo informó)"
            rows={4}
            error={errors.nota?.message}
            {...register('nota')}
          />
        </>
      )}
    </FormModal>
  );
}
