import { PERMISSIONS, ROLE_NAMES, type Rol } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable, useCardsOnSmallScreens } from '@/components/ui/data-table/index.ts';

import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { PencilIcon, PlusIcon } from '@/components/ui/screen-icons/index.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import listPage from '@/styles/list-page.module.css';
import { useRoles } from '../api/get-roles.ts';
import { RolModal } from './rol-modal.tsx';
import styles from './roles-list.module.css';

type Editing = { rol: Rol | null } | null;

/** `/roles`: each role with how many permissions and accounts it has; create and edit by permission. */
export function RolesList() {
  const roles = useRoles();
  const canCreate = useCan(PERMISSIONS.ROLES_CREATE);
  const canUpdate = useCan(PERMISSIONS.ROLES_UPDATE);
  const [editing, setEditing] = useState<Editing>(null);

  const columns = useMemo<Column<Rol>[]>(
    () => [
      {
        id: 'nombre',
        header: 'Rol',
        isPrimary: true,
        cell: (r) => (
          <span className={styles.name}>
            <strong>{r.name}</strong>
            {r.predeterminado && <Badge>Predeterminado</Badge>}
          </span>
        ),
      },
      {
        id: 'permisos',
        header: 'Permisos',
        cell: (r) =>
          r.name === ROLE_NAMES.ADMINISTRADOR
            ? 'Todos'
            : formatCount(r.permissions.length, 'permiso', 'permisos'),
      },
      { id: 'usuarios', header: 'Cuentas', align: 'end', cell: (r) => formatNumber(r.usuarios) },
      {
        id: 'editar',
        header: <span className="sr-only">Editar</span>,
        label: 'Editar',
        align: 'center',
        isPrimary: true,
        cell: (r) =>
          canUpdate &&
          r.name !== ROLE_NAMES.ADMINISTRADOR && (
            <button
              type="button"
              className={listPage.iconButton}
              aria-label={`Editar el rol ${r.name}`}
              title="Editar"
              onClick={() => setEditing({ rol: r })}
            >
              <PencilIcon size={18} />
            </button>
          ),
      },
    ],
    [canUpdate],
  );
  // A phone has no room for the name beside the button: each role is a card there.
  const shownColumns = useCardsOnSmallScreens(columns, { key: 'nombre', actions: 'editar' });

  return (
    <ListPanel
      title="Roles"
      count={roles.data && formatCount(roles.data.length, 'rol', 'roles')}
      actions={
        canCreate && (
          <Button icon={<PlusIcon size={18} />} onClick={() => setEditing({ rol: null })}>
            Nuevo rol
          </Button>
        )
      }
    >
      <p className={styles.hint}>
        ADMINISTRADOR tiene siempre todos los permisos. Un cambio en los permisos de un rol vale desde la
        próxima acción de cada cuenta que lo tiene.
      </p>
      <DataTable
        paging="client"
        label="Roles"
        columns={shownColumns}
        rows={roles.data}
        getRowId={(r) => r.id}
        isLoading={roles.isPending}
        error={roles.error}
      />
      <RolModal isOpen={editing !== null} rol={editing?.rol} onClose={() => setEditing(null)} />
    </ListPanel>
  );
}
