import {
  MESSAGES,
  PERMISSION_DESCRIPTIONS,
  PERMISSION_GROUPS,
  PERMISSION_HELP,
  type Rol,
  rolInputSchema,
} from '@red-dental/contracts';
import { Controller } from 'react-hook-form';
import { CheckboxGroup } from '@/components/ui/checkbox-group/index.ts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { useSaveRol } from '../api/save-rol.ts';

export interface RolModalProps {
  isOpen: boolean;
  /** The role to change; none to create one. */
  rol?: Rol | null;
  onClose: () => void;
}

/** A role's name and its permissions, grouped by what they are about, each with a line on what it opens. */
export function RolModal({ isOpen, rol, onClose }: RolModalProps) {
  const toast = useToast();
  const save = useSaveRol();
  return (
    <FormModal
      isOpen={isOpen}
      onClose={onClose}
      title={rol ? `Editar rol ${rol.name}` : 'Nuevo rol'}
      size="lg"
      schema={rolInputSchema}
      defaultValues={{ name: rol?.name ?? '', permissions: rol?.permissions ?? [] }}
      submitLabel={rol ? 'Guardar' : 'Crear rol'}
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, id: rol?.id });
        toast.success(rol ? MESSAGES.roles.ROLE_SAVED : MESSAGES.roles.ROLE_CREATED);
        onClose();
      }}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <TextInput
            label="Nombre"
            autoComplete="off"
            disabled={rol?.predeterminado}
            hint={
              rol?.predeterminado ? MESSAGES.roles.ROLE_DEFAULT_NAME : 'En mayúsculas, como ADMINISTRATIVO.'
            }
            error={errors.name?.message}
            {...register('name')}
          />
          <Controller
            control={control}
            name="permissions"
            render={({ field }) => (
              <>
                {PERMISSION_GROUPS.map((group) => (
                  <CheckboxGroup
                    key={group.label}
                    legend={group.label}
                    framed
                    options={group.permissions.map((p) => ({
                      value: p,
                      label: PERMISSION_DESCRIPTIONS[p],
                      description: PERMISSION_HELP[p],
                    }))}
                    value={field.value.filter((p) => group.permissions.includes(p))}
                    onChange={(_next, { value, isChecked }) =>
                      field.onChange(
                        isChecked ? [...field.value, value] : field.value.filter((p) => p !== value),
                      )
                    }
                  />
                ))}
              </>
            )}
          />
        </>
      )}
    </FormModal>
  );
}
