import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, type Zona, zonaInputSchema } from '@red-dental/contracts';
import type { Resolver } from 'react-hook-form';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useSaveZona } from '../api/save-zona.ts';

interface ZonaValues {
  nombre: string;
  numero: string;
}

/** The number is typed as text; the schema reads it as it is and the request sends it as a number. */
const zonaResolver = zodResolver(zonaInputSchema, undefined, { raw: true }) as Resolver<ZonaValues>;

export interface ZonaModalProps {
  isOpen: boolean;
  /** The zone to change; none to create one. */
  zona?: Zona | null;
  onClose: () => void;
  onSaved: (zona: Zona) => void;
}

/**
 * 'Nueva zona' (Nombre and Número, unique, created with 'Crear zona') or
 * 'Editar zona' for one that exists.
 */
export function ZonaModal({ isOpen, zona, onClose, onSaved }: ZonaModalProps) {
  const save = useSaveZona();
  const editing = Boolean(zona);
  return (
    <FormModal
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? 'Editar zona' : 'Nueva zona'}
      size="sm"
      resolver={zonaResolver}
      defaultValues={zona ? { nombre: zona.nombre, numero: String(zona.numero) } : { nombre: '', numero: '' }}
      submitLabel={editing ? 'Guardar' : 'Crear zona'}
      onSubmit={async (values) =>
        onSaved(
          await save.mutateAsync({ nombre: values.nombre, numero: Number(values.numero), id: zona?.id }),
        )
      }
      // Creating keeps the spec's message, with the server's reason when no field shows it.
      onFailure={(error, placed) => {
        if (!editing)
          return placed
            ? MESSAGES.zonas.CREATE_FAILED
            : `${MESSAGES.zonas.CREATE_FAILED}: ${errorMessage(error)}`;
        return placed ? null : errorMessage(error);
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <TextInput
            label="Nombre"
            autoComplete="off"
            error={errors.nombre?.message}
            {...register('nombre')}
          />
          <TextInput
            label="Número"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={errors.numero?.message}
            {...register('numero')}
          />
        </>
      )}
    </FormModal>
  );
}
