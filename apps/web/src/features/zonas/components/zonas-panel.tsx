import { MESSAGES, type ZonaCatalogo } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';

import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { PencilIcon, PlusIcon } from '@/components/ui/screen-icons/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import listPage from '@/styles/list-page.module.css';
import { useZonasCatalogo } from '../api/get-zonas-catalogo.ts';
import { ZonaModal } from './zona-modal.tsx';

type Editing = { zona: ZonaCatalogo | null } | null;

/** The zones the network groups its professionals in, by number, with how many each has. */
export function ZonasPanel() {
  const toast = useToast();
  const catalogue = useZonasCatalogo();
  const [editing, setEditing] = useState<Editing>(null);

  const columns = useMemo<Column<ZonaCatalogo>[]>(
    () => [
      { id: 'numero', header: 'Número', align: 'end', isPrimary: true, cell: (z) => z.numero },
      { id: 'nombre', header: 'Nombre', isPrimary: true, cell: (z) => <strong>{z.nombre}</strong> },
      {
        id: 'profesionales',
        header: 'Profesionales',
        align: 'end',
        cell: (z) => formatNumber(z.profesionales),
      },
      {
        id: 'editar',
        header: <span className="sr-only">Editar</span>,
        label: 'Editar',
        align: 'center',
        cell: (z) => (
          <button
            type="button"
            className={listPage.iconButton}
            aria-label={`Editar la zona ${z.nombre}`}
            title="Editar"
            onClick={() => setEditing({ zona: z })}
          >
            <PencilIcon size={18} />
          </button>
        ),
      },
    ],
    [],
  );

  return (
    <ListPanel
      title="Zonas"
      count={catalogue.data && formatCount(catalogue.data.length, 'zona', 'zonas')}
      actions={
        <Button icon={<PlusIcon size={18} />} onClick={() => setEditing({ zona: null })}>
          Nueva zona
        </Button>
      }
    >
      <DataTable
        paging="client"
        initialPageSize={25}
        label="Zonas"
        columns={columns}
        rows={catalogue.data}
        getRowId={(z) => z.id}
        isLoading={catalogue.isPending}
        error={catalogue.error}
      />
      <ZonaModal
        isOpen={editing !== null}
        zona={editing?.zona}
        onClose={() => setEditing(null)}
        onSaved={() => {
          toast.success(editing?.zona ? MESSAGES.zonas.UPDATED : MESSAGES.zonas.CREATED);
          setEditing(null);
        }}
      />
    </ListPanel>
  );
}
