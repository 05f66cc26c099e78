import { MESSAGES, PERMISSIONS, type Rol, type UsuarioRow } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable, useCardsOnSmallScreens } from '@/components/ui/data-table/index.ts';

import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { PlusIcon } from '@/components/ui/screen-icons/index.ts';
import { SearchForm } from '@/components/ui/search-form/index.ts';
import { formatCount, formatMomentDate } from '@/lib/format.ts';
import { usePermissions } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session.ts';
import { useListParams } from '@/lib/use-list-params.ts';
import listPage from '@/styles/list-page.module.css';
import { useUsuariosPage } from '../api/get-usuarios.ts';
import { type AccountAction, ConfirmAccountAction } from './confirm-account-action.tsx';
import { InvitarModal } from './invitar-modal.tsx';
import { RolesUsuarioModal } from './roles-usuario-modal.tsx';
import styles from './usuarios-list.module.css';

/** A role as the account dialogs offer it. */
export type RoleOption = Pick<Rol, 'id' | 'name'>;

export interface UsuariosListProps {
  /** The roles an account may be given (the route reads them); undefined while they load. */
  roles: readonly RoleOption[] | undefined;
}

const STATUS_TONES: Record<UsuarioRow['status'], BadgeTone> = {
  active: 'success',
  invited: 'warning',
  pending: 'warning',
  inactive: 'neutral',
};

/**
 * `/usuarios`: every account, staff and professionals, with roles, state and
 * last sign-in; what each row offers depends on the viewer's permissions (the
 * server checks them again).
 */
export function UsuariosList({ roles }: UsuariosListProps) {
  const can = usePermissions();
  const session = useSession();
  const ownId = session?.kind === 'staff' ? session.user?.id : undefined;
  const { search, setSearch, pagination, changePagination } = useListParams();
  const [draft, setDraft] = useState(search);
  const page = useUsuariosPage({ ...pagination, search });
  const [isInviting, setIsInviting] = useState(false);
  const [changingRoles, setChangingRoles] = useState<UsuarioRow | null>(null);
  const [confirming, setConfirming] = useState<AccountAction | null>(null);

  const columns = useMemo<Column<UsuarioRow>[]>(() => {
    // Giving roles needs the list of roles (ROLES.GET): without it there is nothing to choose from.
    const mayChangeRoles = can(PERMISSIONS.USERS_UPDATE_ROLE) && roles !== undefined;
    const mayChangeStatus = can(PERMISSIONS.USERS_DELETE);
    const maySendRecovery = can(PERMISSIONS.USERS_UPDATE_PASSWORD);
    const mayInvite = can(PERMISSIONS.USERS_CREATE);
    return [
      {
        id: 'nombre',
        header: 'Nombre',
        isPrimary: true,
        cell: (u) => (
          <span className={styles.person}>
            <strong>{u.nombre ?? u.email}</strong>
            {u.nombre && <span className={styles.email}>{u.email}</span>}
            <span className={styles.email}>{u.tipo === 'profesional' ? 'Profesional' : 'Personal'}</span>
          </span>
        ),
      },
      { id: 'roles', header: 'Roles', cell: (u) => u.roles.map((r) => r.name).join(', ') || '-' },
      {
        id: 'estado',
        header: 'Estado',
        isPrimary: true,
        cell: (u) => <Badge tone={STATUS_TONES[u.status]}>{MESSAGES.usuarios.STATUS_LABELS[u.status]}</Badge>,
      },
      {
        id: 'ingreso',
        header: 'Último ingreso',
        cell: (u) => (u.lastLoginAt ? formatMomentDate(u.lastLoginAt) : 'Nunca'),
      },
      {
        id: 'acciones',
        header: <span className="sr-only">Acciones</span>,
        label: 'Acciones',
        cell: (u) => {
          const own = u.id === ownId;
          return (
            <span className={styles.actions}>
              {mayChangeRoles && !own && u.status !== 'pending' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setChangingRoles(u)}
                  aria-label={`Roles de ${u.nombre ?? u.email}`}
                >
                  Roles
                </Button>
              )}
              {mayInvite && u.status === 'invited' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setConfirming({ kind: 'reenviar', usuario: u })}
                >
                  Reenviar invitación
                </Button>
              )}
              {maySendRecovery && u.status === 'active' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setConfirming({ kind: 'recuperacion', usuario: u })}
                >
                  Enviar enlace
                </Button>
              )}
              {mayChangeStatus && !own && u.status === 'active' && (
                <Button
                  size="sm"
                  variant="alert"
                  onClick={() => setConfirming({ kind: 'desactivar', usuario: u })}
                >
                  Desactivar
                </Button>
              )}
              {mayChangeStatus && u.status === 'inactive' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setConfirming({ kind: 'reactivar', usuario: u })}
                >
                  Reactivar
                </Button>
              )}
            </span>
          );
        },
      },
    ];
  }, [can, ownId, roles]);
  // A phone has no room for the name beside the buttons: each account is a card there.
  const shownColumns = useCardsOnSmallScreens(columns, { key: 'nombre', actions: 'acciones' });

  return (
    <div className={listPage.page}>
      <Panel className={listPage.panel} aria-label="Búsqueda de usuarios">
        <SearchForm
          label="Buscar por nombre o email"
          value={draft}
          onChange={setDraft}
          onSearch={setSearch}
        />
      </Panel>

      <ListPanel
        title="Usuarios"
        count={page.data && formatCount(page.data.rowCount, 'cuenta', 'cuentas')}
        actions={
          can(PERMISSIONS.USERS_CREATE) &&
          can(PERMISSIONS.USERS_UPDATE_ROLE) &&
          roles !== undefined && (
            <Button icon={<PlusIcon size={18} />} onClick={() => setIsInviting(true)}>
              Invitar
            </Button>
          )
        }
      >
        <DataTable
          paging="server"
          label="Usuarios"
          columns={shownColumns}
          rows={page.data?.rows}
          rowCount={page.data?.rowCount ?? 0}
          getRowId={(u) => u.id}
          isLoading={page.isFetching}
          error={page.error}
          pagination={pagination}
          onPaginationChange={changePagination}
        />
      </ListPanel>

      <InvitarModal isOpen={isInviting} roles={roles} onClose={() => setIsInviting(false)} />
      <RolesUsuarioModal usuario={changingRoles} roles={roles} onClose={() => setChangingRoles(null)} />
      <ConfirmAccountAction action={confirming} onClose={() => setConfirming(null)} />
    </div>
  );
}
