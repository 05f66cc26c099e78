import { type Especialidad, especialidadInputSchema } from '@red-dental/contracts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useSaveEspecialidad } from '../api/save-especialidad.ts';
import styles from './catalogue-form.module.css';

export interface EspecialidadModalProps {
  isOpen: boolean;
  /** The specialty to rename; none to create one. */
  especialidad?: Especialidad | null;
  onClose: () => void;
  onSaved: (especialidad: Especialidad) => void;
}

/** 'Nueva especialidad' or 'Editar especialidad': its name, unique whatever its case. */
export function EspecialidadModal({ isOpen, especialidad, onClose, onSaved }: EspecialidadModalProps) {
  const save = useSaveEspecialidad();
  const editing = Boolean(especialidad);
  return (
    <FormModal
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? 'Editar especialidad' : 'Nueva especialidad'}
      size="sm"
      schema={especialidadInputSchema}
      defaultValues={{ nombre: especialidad?.nombre ?? '' }}
      submitLabel={editing ? 'Guardar' : 'Crear especialidad'}
      onSubmit={async (values) => onSaved(await save.mutateAsync({ ...values, id: especialidad?.id }))}
    >
      {({ register, formState: { errors } }) => (
        <>
          <TextInput
            label="Nombre"
            autoComplete="off"
            error={errors.nombre?.message}
            {...register('nombre')}
          />
          {editing && (
            <p className={styles.hint}>
              El nombre nuevo se verá en el perfil de cada profesional que la tiene.
            </p>
          )}
        </>
      )}
    </FormModal>
  );
}
