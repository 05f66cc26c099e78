import {
  MESSAGES,
  PERMISSION_DESCRIPTIONS,
  PERMISSION_GROUPS,
  PERMISSION_HELP,
  type PermissionName,
  type Rol,
  rolInputSchema,
} from '@red-dental/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { CheckboxGroup } from '@/components/ui/checkbox-group/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useSaveRol } from '../api/save-rol.ts';
import styles from './roles-list.module.css';

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
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<PermissionName[]>([]);
  const [nameError, setNameError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    setName(rol?.name ?? '');
    setPermissions(rol?.permissions ?? []);
    setNameError(undefined);
    setProblem(null);
  }, [isOpen, rol]);

  const close = () => {
    save.reset();
    onClose();
  };

  const submit = () => {
    const checked = rolInputSchema.safeParse({ name, permissions });
    if (!checked.success) {
      setNameError(checked.error.issues.find((i) => i.path[0] === 'name')?.message);
      return;
    }
    save.mutate(
      { id: rol?.id, name, permissions },
      {
        onSuccess: () => {
          toast.success(rol ? MESSAGES.roles.ROLE_SAVED : MESSAGES.roles.ROLE_CREATED);
          close();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={rol ? `Editar rol ${rol.name}` : 'Nuevo rol'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button onClick={submit} isLoading={save.isPending}>
            {rol ? 'Guardar' : 'Crear rol'}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <TextInput
          label="Nombre"
          autoComplete="off"
          value={name}
          disabled={rol?.predeterminado}
          hint={
            rol?.predeterminado ? MESSAGES.roles.ROLE_DEFAULT_NAME : 'En mayúsculas, como ADMINISTRATIVO.'
          }
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
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
            value={permissions.filter((p) => group.permissions.includes(p))}
            onChange={(_next, { value, isChecked }) =>
              setPermissions((current) =>
                isChecked ? [...current, value] : current.filter((p) => p !== value),
              )
            }
          />
        ))}
        {problem && <Alert>{problem}</Alert>}
      </div>
    </Modal>
  );
}
