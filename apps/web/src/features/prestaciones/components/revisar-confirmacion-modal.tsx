import { type ConfirmacionObservada, formatFecha } from '@red-dental/contracts';
import { z } from 'zod';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useRevisarConfirmacion } from '../api/confirmaciones.ts';
import styles from './confirmaciones.module.css';
import { loQueDijo } from './lo-que-dijo.ts';

/** The note's bound in confirmacionRevisionSchema, said while it is typed in the words of this dialog. */
const NOTA_MAX = 500;
const revisionSchema = z.object({
  nota: z
    .string()
    .refine((nota) => nota.trim().length <= NOTA_MAX, `Use ${NOTA_MAX} caracteres como máximo.`),
});

/**
 * 'Marcar revisada': what staff found when they looked into the affiliate's
 * answer (the call to the affiliate, the dentist's reply); it stays with the
 * answer and in the audit log.
 */
export function RevisarConfirmacionModal({
  confirmacion: c,
  onClose,
}: {
  confirmacion: ConfirmacionObservada;
  onClose: () => void;
}) {
  const toast = useToast();
  const revisar = useRevisarConfirmacion();
  return (
    <FormModal
      isOpen
      onClose={onClose}
      title="Marcar revisada"
      size="sm"
      className={styles.modal}
      schema={revisionSchema}
      defaultValues={{ nota: '' }}
      checkWhileTyping
      submitLabel="Marcar revisada"
      onSubmit={async ({ nota }) => {
        await revisar.mutateAsync({
          atencionId: c.atencionId,
          estado: 'revisada',
          nota: nota.trim() || undefined,
        });
        toast.success(`Se marcó revisada la respuesta de ${c.afiliado.nombre}`);
        onClose();
      }}
      onFailure={(error) => {
        toast.error(errorMessage(error));
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <p>
            <strong>{c.afiliado.nombre}</strong>, atención del {formatFecha(c.fecha)} con{' '}
            {c.profesional.nombre} ({c.codigoValidacion}): {loQueDijo(c).toLowerCase()}.
          </p>
          <TextArea
            label="Qué se encontró (la llamada al afiliado, la respuesta del profesional)"
            rows={4}
            error={errors.nota?.message}
            {...register('nota')}
          />
        </>
      )}
    </FormModal>
  );
}
