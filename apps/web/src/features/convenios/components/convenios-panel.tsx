import { type Convenio, formatFecha, formatImporte, MESSAGES } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { EyeIcon, PencilIcon, PlusIcon } from '@/components/ui/screen-icons/index.ts';
import type { SelectOption } from '@/components/ui/select/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import listPage from '@/styles/list-page.module.css';
import { useConvenios } from '../api/get-convenios.ts';
import { ConvenioModal } from './convenio-modal.tsx';

const M = MESSAGES.convenios;

type Editing = { convenio: Convenio | null } | null;

/** 'Desde 01/01/2026', 'Del 01/01/2026 al 31/12/2026'. */
export const vigencia = (c: { vigenteDesde: string; vigenteHasta: string | null }) =>
  c.vigenteHasta
    ? `Del ${formatFecha(c.vigenteDesde)} al ${formatFecha(c.vigenteHasta)}`
    : `Desde ${formatFecha(c.vigenteDesde)}`;

/**
 * The insurers' contracts, each with its terms and how many fees it holds;
 * `onShow` opens a contract's fees, `canManage` (NOMENCLADOR.MANAGE) creates and edits.
 */
export function ConveniosPanel({
  canManage,
  obrasSociales,
  onShow,
}: {
  canManage: boolean;
  obrasSociales: readonly SelectOption[];
  onShow: (convenio: Convenio) => void;
}) {
  const toast = useToast();
  const convenios = useConvenios();
  const [editing, setEditing] = useState<Editing>(null);

  const columns = useMemo<Column<Convenio>[]>(() => {
    const list: Column<Convenio>[] = [
      {
        id: 'obraSocial',
        header: 'Obra social',
        isPrimary: true,
        cell: (c) => <strong>{c.obraSocial.nombre}</strong>,
      },
      { id: 'nombre', header: 'Convenio', isPrimary: true, cell: (c) => c.nombre },
      { id: 'vigencia', header: 'Vigencia', cell: vigencia },
      // The terms that run the month, in each row's expansion: the table stays in sight beside the menu.
      {
        id: 'cierre',
        header: 'Cierre del período',
        isDetail: true,
        cell: (c) => `Día ${c.diaCierre} de cada mes`,
      },
      {
        id: 'plazos',
        header: 'Plazos',
        isDetail: true,
        cell: (c) =>
          `Presentación: ${c.plazoPresentacionDias} días; refacturación: ${c.plazoRefacturacionDias} días; urgencias: ${c.plazoUrgenciaDias} días`,
      },
      {
        id: 'token',
        header: 'Token del afiliado',
        isDetail: true,
        cell: (c) =>
          !c.requiereToken
            ? 'No requerido'
            : c.tokenBloquea
              ? 'Requerido: sin él no se valida'
              : 'Requerido: sin él se valida con aviso',
      },
      {
        id: 'unidad',
        header: 'Valor unidad',
        align: 'end',
        cell: (c) => (c.valorUnidad === null ? '—' : formatImporte(c.valorUnidad)),
      },
      { id: 'aranceles', header: 'Aranceles', align: 'end', cell: (c) => formatNumber(c.aranceles) },
      {
        id: 'ver',
        header: <span className="sr-only">Aranceles</span>,
        label: 'Ver aranceles',
        align: 'center',
        // The way to a contract's fees stays in sight on a phone too.
        isPrimary: true,
        cell: (c) => (
          <button
            type="button"
            className={listPage.iconButton}
            aria-label={`Ver los aranceles de ${c.nombre} (${c.obraSocial.nombre})`}
            title="Ver aranceles"
            onClick={() => onShow(c)}
          >
            <EyeIcon size={18} />
          </button>
        ),
      },
    ];
    if (canManage)
      list.push({
        id: 'editar',
        header: <span className="sr-only">Editar</span>,
        label: 'Editar',
        align: 'center',
        cell: (c) => (
          <button
            type="button"
            className={listPage.iconButton}
            aria-label={`Editar ${c.nombre} (${c.obraSocial.nombre})`}
            title="Editar"
            onClick={() => setEditing({ convenio: c })}
          >
            <PencilIcon size={18} />
          </button>
        ),
      });
    return list;
  }, [canManage, onShow]);

  return (
    <ListPanel
      title="Convenios"
      count={convenios.data && formatCount(convenios.data.length, 'convenio', 'convenios')}
      actions={
        canManage && (
          <Button icon={<PlusIcon size={18} />} onClick={() => setEditing({ convenio: null })}>
            Nuevo convenio
          </Button>
        )
      }
    >
      <DataTable
        paging="client"
        initialPageSize={10}
        label="Convenios"
        columns={columns}
        rows={convenios.data}
        getRowId={(c) => c.id}
        isLoading={convenios.isPending}
        error={convenios.error}
      />
      {editing && (
        <ConvenioModal
          convenio={editing.convenio}
          obrasSociales={obrasSociales}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.success(editing.convenio ? M.UPDATED : M.CREATED);
            setEditing(null);
          }}
        />
      )}
    </ListPanel>
  );
}
