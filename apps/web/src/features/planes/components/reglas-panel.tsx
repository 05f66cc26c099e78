import {
  type GrupoCodigos,
  MESSAGES,
  networkClock,
  type Plan,
  type Regla,
  vigenciaText,
} from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import {
  DownloadIcon,
  PencilIcon,
  PlusIcon,
  TrashIcon,
  UploadIcon,
} from '@/components/ui/screen-icons/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import listPage from '@/styles/list-page.module.css';
import { useReglas } from '../api/get-reglas.ts';
import { exportReglas } from '../api/import-reglas.ts';
import { useDeleteRegla } from '../api/save-regla.ts';
import styles from './planes.module.css';
import { ReglaModal } from './regla-modal.tsx';
import { ReglasImportModal } from './reglas-import-modal.tsx';

const M = MESSAGES.planes;

type Editing = { regla: Regla | null } | null;

/**
 * One plan's rules, each in words with its days: those in force on a day
 * (today at first) or every version; `canManage` writes rules in the editor,
 * imports a file and deletes; anyone exports the plan's rules as CSV.
 */
export function ReglasPanel({
  plan,
  grupos,
  canManage,
}: {
  plan: Plan;
  grupos: readonly GrupoCodigos[];
  canManage: boolean;
}) {
  const toast = useToast();
  const [fecha, setFecha] = useState(() => networkClock(new Date()).date);
  const [todas, setTodas] = useState(false);
  const reglas = useReglas(plan.id, todas ? undefined : fecha || undefined);
  const remove = useDeleteRegla();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Regla | null>(null);
  const [importing, setImporting] = useState(false);

  const columns = useMemo<Column<Regla>[]>(() => {
    const list: Column<Regla>[] = [
      // The rule and its days in one cell, so a phone gives the words the whole width.
      {
        id: 'texto',
        header: 'Regla',
        isPrimary: true,
        cell: (r) => (
          <>
            <span className={styles.texto}>{r.texto}</span>
            <span className={styles.muted}>{vigenciaText(r)}</span>
          </>
        ),
      },
    ];
    if (canManage)
      list.push({
        id: 'acciones',
        header: <span className="sr-only">Acciones</span>,
        label: 'Acciones',
        align: 'center',
        cell: (r) => (
          <span className={styles.actions}>
            <button
              type="button"
              className={listPage.iconButton}
              aria-label={`Editar la regla de ${r.objetivoNombre} (${vigenciaText(r).toLowerCase()})`}
              title="Editar"
              onClick={() => setEditing({ regla: r })}
            >
              <PencilIcon size={18} />
            </button>
            <button
              type="button"
              className={listPage.iconButton}
              aria-label={`Eliminar la regla de ${r.objetivoNombre} (${vigenciaText(r).toLowerCase()})`}
              title="Eliminar"
              onClick={() => setDeleting(r)}
            >
              <TrashIcon size={18} />
            </button>
          </span>
        ),
      });
    return list;
  }, [canManage]);

  const download = () =>
    exportReglas(plan.id, `reglas-${plan.codigo}.csv`).catch((error) => toast.error(errorMessage(error)));

  return (
    <ListPanel
      title={`Reglas de ${plan.nombre} (${plan.obraSocial.nombre})`}
      count={reglas.data && formatCount(reglas.data.length, 'regla', 'reglas')}
      actions={
        <>
          <Button variant="secondary" icon={<DownloadIcon size={18} />} onClick={() => void download()}>
            Exportar CSV
          </Button>
          {canManage && (
            <>
              <Button variant="secondary" icon={<UploadIcon size={18} />} onClick={() => setImporting(true)}>
                Importar reglas
              </Button>
              <Button icon={<PlusIcon size={18} />} onClick={() => setEditing({ regla: null })}>
                Nueva regla
              </Button>
            </>
          )}
        </>
      }
    >
      <div className={styles.filters}>
        <TextInput
          label="Vigentes al"
          type="date"
          value={fecha}
          disabled={todas}
          onChange={(event) => setFecha(event.target.value)}
        />
        <Checkbox
          label="Todas las versiones"
          checked={todas}
          onChange={(event) => setTodas(event.target.checked)}
        />
      </div>
      <DataTable
        paging="client"
        initialPageSize={25}
        label={`Reglas de ${plan.nombre}`}
        columns={columns}
        rows={reglas.data}
        getRowId={(r) => r.id}
        isLoading={reglas.isPending}
        error={reglas.error}
      />
      <ConfirmModal
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Eliminar regla"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { planId: plan.id, id: deleting!.id },
            {
              onSuccess: () => toast.success(M.REGLA_DELETED),
              onError: (error) => toast.error(errorMessage(error)),
              onSettled: () => setDeleting(null),
            },
          )
        }
      >
        <p>¿Eliminar esta regla? «{deleting?.texto}»</p>
      </ConfirmModal>
      {editing && (
        <ReglaModal
          plan={plan}
          regla={editing.regla}
          grupos={grupos}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.success(editing.regla ? M.REGLA_UPDATED : M.REGLA_CREATED);
            setEditing(null);
          }}
        />
      )}
      {canManage && <ReglasImportModal plan={plan} isOpen={importing} onClose={() => setImporting(false)} />}
    </ListPanel>
  );
}
