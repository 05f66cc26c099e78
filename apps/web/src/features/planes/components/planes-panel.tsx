import { MESSAGES, type Plan } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { EyeIcon, PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/screen-icons/index.ts';
import type { SelectOption } from '@/components/ui/select/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import listPage from '@/styles/list-page.module.css';
import { useDeletePlan } from '../api/delete-plan.ts';
import { usePlanes } from '../api/get-planes.ts';
import { PlanModal } from './plan-modal.tsx';
import styles from './planes.module.css';

const M = MESSAGES.planes;

type Editing = { plan: Plan | null } | null;

/**
 * The insurers' plans, each with how many rules and affiliates it has;
 * `onShow` opens a plan's rules, `canManage` (NOMENCLADOR.MANAGE) creates,
 * edits and deletes plans.
 */
export function PlanesPanel({
  canManage,
  obrasSociales,
  onShow,
}: {
  canManage: boolean;
  obrasSociales: readonly SelectOption[];
  onShow: (plan: Plan) => void;
}) {
  const toast = useToast();
  const planes = usePlanes();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);

  const columns = useMemo<Column<Plan>[]>(() => {
    const named = (p: Plan) => `${p.nombre} (${p.obraSocial.nombre})`;
    const list: Column<Plan>[] = [
      {
        id: 'obraSocial',
        header: 'Obra social',
        isPrimary: true,
        cell: (p) => <strong>{p.obraSocial.nombre}</strong>,
      },
      {
        id: 'nombre',
        header: 'Plan',
        isPrimary: true,
        cell: (p) => (
          <>
            {p.nombre}
            <span className={styles.muted}>Código {p.codigo}</span>
          </>
        ),
      },
      { id: 'reglas', header: 'Reglas', align: 'end', cell: (p) => formatNumber(p.reglas) },
      { id: 'afiliados', header: 'Afiliados', align: 'end', cell: (p) => formatNumber(p.afiliados) },
      {
        id: 'ver',
        header: <span className="sr-only">Reglas</span>,
        label: 'Ver reglas',
        align: 'center',
        // The way to a plan's rules stays in sight on a phone too.
        isPrimary: true,
        cell: (p) => (
          <button
            type="button"
            className={listPage.iconButton}
            aria-label={`Ver las reglas de ${named(p)}`}
            title="Ver reglas"
            onClick={() => onShow(p)}
          >
            <EyeIcon size={18} />
          </button>
        ),
      },
    ];
    if (canManage)
      list.push({
        id: 'acciones',
        header: <span className="sr-only">Acciones</span>,
        label: 'Acciones',
        align: 'center',
        cell: (p) => (
          <span className={styles.actions}>
            <button
              type="button"
              className={listPage.iconButton}
              aria-label={`Editar ${named(p)}`}
              title="Editar"
              onClick={() => setEditing({ plan: p })}
            >
              <PencilIcon size={18} />
            </button>
            <button
              type="button"
              className={listPage.iconButton}
              aria-label={`Eliminar ${named(p)}`}
              title="Eliminar"
              onClick={() => setDeleting(p)}
            >
              <TrashIcon size={18} />
            </button>
          </span>
        ),
      });
    return list;
  }, [canManage, onShow]);

  return (
    <ListPanel
      title="Planes"
      count={planes.data && formatCount(planes.data.length, 'plan', 'planes')}
      actions={
        canManage && (
          <Button icon={<PlusIcon size={18} />} onClick={() => setEditing({ plan: null })}>
            Nuevo plan
          </Button>
        )
      }
    >
      <DataTable
        paging="client"
        initialPageSize={10}
        label="Planes"
        columns={columns}
        rows={planes.data}
        getRowId={(p) => p.id}
        isLoading={planes.isPending}
        error={planes.error}
      />
      <ConfirmModal
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Eliminar plan"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => toast.success(M.DELETED),
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setDeleting(null),
          })
        }
      >
        <p>
          ¿Eliminar el plan «{deleting?.nombre}» de {deleting?.obraSocial.nombre} con sus{' '}
          {deleting && formatCount(deleting.reglas, 'regla', 'reglas')}? Solo se puede si ningún afiliado lo
          tiene.
        </p>
      </ConfirmModal>
      {editing && (
        <PlanModal
          plan={editing.plan}
          obrasSociales={obrasSociales}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.success(editing.plan ? M.UPDATED : M.CREATED);
            setEditing(null);
          }}
        />
      )}
    </ListPanel>
  );
}
