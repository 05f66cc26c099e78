import { type UsuarioRow, userRolesSchema } from '@red-dental/contracts';
import { Controller } from 'react-hook-form';
import { CheckboxGroup } from '@/components/ui/checkbox-group/index.ts';
import { FormModal } from '@/components/ui/form-modal/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { useChangeRoles } from '../api/change-usuario-roles.ts';
import styles from './usuarios-list.module.css';
import type { RoleOption } from './usuarios-list.tsx';

export interface RolesUsuarioModalProps {
  /** The account whose roles change; null when closed. */
  usuario: UsuarioRow | null;
  roles: readonly RoleOption[] | undefined;
  onClose: () => void;
}

/** The roles of another account, ticked; the owner is told by mail. */
export function RolesUsuarioModal({ usuario, roles, onClose }: RolesUsuarioModalProps) {
  const toast = useToast();
  const change = useChangeRoles();
  return (
    <FormModal
      isOpen={usuario !== null}
      onClose={onClose}
      title={`Roles de ${usuario?.nombre ?? usuario?.email ?? ''}`}
      schema={userRolesSchema}
      defaultValues={{ roles: usuario?.roles.map((r) => r.id) ?? [] }}
      submitLabel="Guardar"
      onSubmit={async ({ roles: chosen }) => {
        if (!usuario) return;
        toast.success((await change.mutateAsync({ id: usuario.id, roles: chosen })).message);
        onClose();
      }}
    >
      {({ control, formState: { errors } }) => (
        <>
          <Controller
            control={control}
            name="roles"
            render={({ field }) => (
              <CheckboxGroup
                ref={field.ref}
                legend="Roles"
                hideLegend
                options={(roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
                value={(field.value ?? []) as number[]}
                onChange={field.onChange}
                error={errors.roles?.message}
              />
            )}
          />
          <p className={styles.hint}>
            Lo que la cuenta puede hacer cambia desde su próxima acción; se le avisa por email.
          </p>
        </>
      )}
    </FormModal>
  );
}
