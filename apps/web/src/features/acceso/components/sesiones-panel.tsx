import { MESSAGES, type Sesion } from '@red-dental/contracts';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable, useCardsOnSmallScreens } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatMomentTime } from '@/lib/format.ts';
import { useCerrarOtrasSesiones } from '../api/close-other-sesiones.ts';
import { useCerrarSesion } from '../api/close-sesion.ts';
import { useSesiones } from '../api/get-sesiones.ts';
import styles from './sesiones-panel.module.css';

export interface SesionesPanelProps {
  /** Signs out of this device (the layout's own sign-out: it also forgets the session here). */
  onSignOut: () => void;
}

/** The account's open sessions, one per device, each closable; this one signs out. */
export function SesionesPanel({ onSignOut }: SesionesPanelProps) {
  const toast = useToast();
  const sesiones = useSesiones();
  const cerrar = useCerrarSesion();
  const cerrarOtras = useCerrarOtrasSesiones();

  const columns = useMemo<Column<Sesion>[]>(
    () => [
      {
        id: 'dispositivo',
        header: 'Dispositivo',
        isPrimary: true,
        cell: (s) => (
          <span className={styles.device}>
            <strong>{s.dispositivo}</strong>
            {s.actual && <Badge tone="success">Este dispositivo</Badge>}
          </span>
        ),
      },
      { id: 'direccion', header: 'Dirección IP', cell: (s) => s.address },
      { id: 'inicio', header: 'Inicio', cell: (s) => formatMomentTime(s.createdAt) },
      { id: 'uso', header: 'Último uso', cell: (s) => formatMomentTime(s.lastUsedAt) },
      {
        id: 'cerrar',
        header: <span className="sr-only">Cerrar</span>,
        label: 'Cerrar',
        align: 'end',
        isPrimary: true,
        cell: (s) =>
          s.actual ? (
            <Button size="sm" variant="secondary" onClick={onSignOut}>
              Cerrar sesión
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Cerrar la sesión de ${s.dispositivo} (${s.address})`}
              isLoading={cerrar.isPending && cerrar.variables === s.id}
              onClick={() =>
                cerrar.mutate(s.id, {
                  onSuccess: () => toast.success(MESSAGES.acceso.SESSION_CLOSED),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              Cerrar
            </Button>
          ),
      },
    ],
    [cerrar, onSignOut, toast],
  );
  // A phone has no room for the device beside the button: each session is a card there.
  const shownColumns = useCardsOnSmallScreens(columns, { key: 'dispositivo', actions: 'cerrar' });

  const others = (sesiones.data ?? []).filter((s) => !s.actual).length;
  return (
    <ListPanel
      title="Sesiones abiertas"
      count={sesiones.data && formatCount(sesiones.data.length, 'sesión', 'sesiones')}
      actions={
        others > 0 && (
          <Button
            variant="secondary"
            isLoading={cerrarOtras.isPending}
            onClick={() =>
              cerrarOtras.mutate(undefined, {
                onSuccess: ({ message }) => toast.success(message),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            Cerrar las demás
          </Button>
        )
      }
    >
      <p className={styles.hint}>
        Cada inicio de sesión en un navegador o dispositivo es una sesión. Si no reconoce una, ciérrela y
        cambie su contraseña.
      </p>
      <DataTable
        paging="client"
        label="Sesiones abiertas"
        columns={shownColumns}
        rows={sesiones.data}
        getRowId={(s) => s.id}
        isLoading={sesiones.isPending}
        error={sesiones.error}
      />
    </ListPanel>
  );
}
