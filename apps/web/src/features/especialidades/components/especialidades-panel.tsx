import { type EspecialidadCatalogo, GUARDIAS, MESSAGES } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';

import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/screen-icons/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import listPage from '@/styles/list-page.module.css';
import { useDeleteEspecialidad } from '../api/delete-especialidad.ts';
import { useEspecialidadesCatalogo } from '../api/get-especialidades-catalogo.ts';
import styles from './catalogue-form.module.css';
import { EspecialidadModal } from './especialidad-modal.tsx';

type Editing = { especialidad: EspecialidadCatalogo | null } | null;

/** The specialties professionals choose from, with how many have each; staff add, rename and delete them. */
export function EspecialidadesPanel() {
  const toast = useToast();
  const catalogue = useEspecialidadesCatalogo();
  const deletion = useDeleteEspecialidad();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<EspecialidadCatalogo | null>(null);

  const columns = useMemo<Column<EspecialidadCatalogo>[]>(
    () => [
      {
        id: 'nombre',
        header: 'Nombre',
        isPrimary: true,
        cell: (e) =>
          e.nombre === GUARDIAS ? (
            <span className={styles.fixed}>
              <strong>{e.nombre}</strong>
              <span className={styles.hint}>Para los horarios de guardia; no se modifica.</span>
            </span>
          ) : (
            <strong>{e.nombre}</strong>
          ),
      },
      {
        id: 'profesionales',
        header: 'Profesionales',
        align: 'end',
        cell: (e) => formatNumber(e.profesionales),
      },
      {
        id: 'editar',
        header: <span className="sr-only">Editar</span>,
        label: 'Editar',
        align: 'center',
        cell: (e) =>
          e.nombre !== GUARDIAS && (
            <button
              type="button"
              className={listPage.iconButton}
              aria-label={`Editar ${e.nombre}`}
              title="Editar"
              onClick={() => setEditing({ especialidad: e })}
            >
              <PencilIcon size={18} />
            </button>
          ),
      },
      {
        id: 'eliminar',
        header: <span className="sr-only">Eliminar</span>,
        label: 'Eliminar',
        align: 'center',
        cell: (e) =>
          e.nombre !== GUARDIAS && (
            <button
              type="button"
              className={`${listPage.iconButton} ${listPage.iconButtonDanger}`}
              aria-label={`Eliminar ${e.nombre}`}
              title="Eliminar"
              onClick={() => setRemoving(e)}
            >
              <TrashIcon size={18} />
            </button>
          ),
      },
    ],
    [],
  );

  const confirmDeletion = () => {
    if (!removing) return;
    deletion.mutate(removing.id, {
      onSuccess: () => toast.success(MESSAGES.especialidades.ESPECIALIDAD_DELETED),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setRemoving(null),
    });
  };

  // A specialty in use cannot go: the dialog says so instead of offering to try.
  const inUse = removing !== null && removing.profesionales > 0;
  return (
    <ListPanel
      title="Especialidades"
      count={catalogue.data && formatCount(catalogue.data.length, 'especialidad', 'especialidades')}
      actions={
        <Button icon={<PlusIcon size={18} />} onClick={() => setEditing({ especialidad: null })}>
          Nueva especialidad
        </Button>
      }
    >
      <DataTable
        paging="client"
        initialPageSize={25}
        label="Especialidades"
        columns={columns}
        rows={catalogue.data}
        getRowId={(e) => e.id}
        isLoading={catalogue.isPending}
        error={catalogue.error}
      />
      <EspecialidadModal
        isOpen={editing !== null}
        especialidad={editing?.especialidad}
        onClose={() => setEditing(null)}
        onSaved={() => {
          toast.success(
            editing?.especialidad
              ? MESSAGES.especialidades.ESPECIALIDAD_RENAMED
              : MESSAGES.especialidades.ESPECIALIDAD_CREATED,
          );
          setEditing(null);
        }}
      />
      <Modal
        isOpen={removing !== null}
        onClose={() => setRemoving(null)}
        title="Eliminar especialidad"
        tone="error"
        size="sm"
        closeOnOutsideClick={!deletion.isPending}
        footer={
          inUse ? (
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Entendido
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setRemoving(null)} disabled={deletion.isPending}>
                Cancelar
              </Button>
              <Button variant="alert" onClick={confirmDeletion} isLoading={deletion.isPending}>
                Eliminar
              </Button>
            </>
          )
        }
      >
        {removing &&
          (inUse ? (
            <p>{MESSAGES.especialidades.ESPECIALIDAD_IN_USE(removing.profesionales)}</p>
          ) : (
            <p>
              ¿Eliminar la especialidad <strong>{removing.nombre}</strong>? Ningún profesional la tiene en su
              perfil.
            </p>
          ))}
      </Modal>
    </ListPanel>
  );
}
