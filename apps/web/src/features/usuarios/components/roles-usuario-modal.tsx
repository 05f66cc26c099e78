import { type UsuarioRow, userRolesSchema } from '@red-dental/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { CheckboxGroup } from '@/components/ui/checkbox-group/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
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
  const [chosen, setChosen] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setChosen(usuario ? usuario.roles.map((r) => r.id) : []);
    setProblem(null);
  }, [usuario]);

  const close = () => {
    change.reset();
    onClose();
  };

  const save = () => {
    if (!usuario) return;
    const checked = userRolesSchema.safeParse({ roles: chosen });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? null);
      return;
    }
    change.mutate(
      { id: usuario.id, roles: chosen },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          close();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <Modal
      isOpen={usuario !== null}
      onClose={close}
      title={`Roles de ${usuario?.nombre ?? usuario?.email ?? ''}`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={change.isPending}>
            Cancelar
          </Button>
          <Button onClick={save} isLoading={change.isPending}>
            Guardar
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <CheckboxGroup
          legend="Roles"
          hideLegend
          options={(roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
          value={chosen}
          onChange={(next) => {
            setChosen(next);
            setProblem(null);
          }}
        />
        <p className={styles.hint}>
          Lo que la cuenta puede hacer cambia desde su próxima acción; se le avisa por email.
        </p>
        {problem && <Alert>{problem}</Alert>}
      </div>
    </Modal>
  );
}
