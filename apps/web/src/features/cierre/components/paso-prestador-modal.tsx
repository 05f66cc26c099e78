import { reconsideracionSchema, respuestaLineaSchema } from '@red-dental/contracts';
import { z } from 'zod';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { usePasoDelPrestador } from '../api/lineas.ts';

/** One text field, under the contract's rule of whichever step it is. */
const SCHEMAS = {
  respuesta: z.object({ texto: respuestaLineaSchema.shape.texto }),
  reconsideracion: z.object({ texto: reconsideracionSchema.shape.nota }),
};

const TEXTOS = {
  respuesta: { titulo: 'Responder al auditor', campo: 'Su respuesta', boton: 'Enviar respuesta' },
  reconsideracion: {
    titulo: 'Pedir reconsideración',
    campo: 'Por qué pide que se reconsidere',
    boton: 'Pedir reconsideración',
  },
};

/**
 * The dentist's step on one of her lines: the answer to an auditor's
 * observation, or a reconsideration of a débito (asked once).
 */
export function PasoPrestadorModal({
  paso,
  lineaId,
  descripcion,
  onClose,
}: {
  paso: 'respuesta' | 'reconsideracion';
  lineaId: number;
  /** The line and, for an answer, what the auditor asked. */
  descripcion: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const enviar = usePasoDelPrestador(paso);
  const t = TEXTOS[paso];
  return (
    <FormModal
      isOpen
      onClose={onClose}
      title={t.titulo}
      description={descripcion}
      size="sm"
      schema={SCHEMAS[paso]}
      defaultValues={{ texto: '' }}
      submitLabel={t.boton}
      onSubmit={async ({ texto }) => {
        const r = await enviar.mutateAsync({ id: lineaId, texto });
        toast.success(r.message);
        onClose();
      }}
    >
      {({ register, formState: { errors } }) => (
        <TextArea label={t.campo} rows={4} error={errors.texto?.message} {...register('texto')} />
      )}
    </FormModal>
  );
}
