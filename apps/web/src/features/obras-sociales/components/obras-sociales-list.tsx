import { MESSAGES, type ObraSocial, PERMISSIONS } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { ExportButton } from '@/components/exports/export-button/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';

import { Modal } from '@/components/ui/modal/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { PencilIcon, SearchIcon, TrashIcon } from '@/components/ui/screen-icons/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { formatNumber } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import { useSelection } from '@/lib/use-selection.ts';
import listPage from '@/styles/list-page.module.css';
import { useDeleteObrasSociales } from '../api/delete-obras-sociales.ts';
import { exportObrasSociales } from '../api/export-obras-sociales.ts';
import { useObrasSociales } from '../api/get-obras-sociales.ts';
import { AddObraSocialButton } from './add-obra-social-button.tsx';
import { AddObraSocialModal } from './add-obra-social-modal.tsx';
import styles from './obras-sociales-list.module.css';

/**
 * Lower-cased, without accents, letters and digits only: spaces, apostrophes and hyphens count for
 * nothing, as in the API's name searches ('osdé' finds 'OSDE'; 'swissmedical' and 'swiss-medical'
 * find 'Swiss Medical').
 */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function Lines({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <span>-</span>;
  return (
    <span className={styles.lines}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same phone may appear twice
        <span key={index}>{item}</span>
      ))}
    </span>
  );
}

/** `/obra-social`: the insurers with their contacts and affiliate counts; deletion with OBRA_SOCIALES.DELETE. */
export function ObrasSocialesList() {
  const toast = useToast();
  const canDelete = useCan(PERMISSIONS.OBRA_SOCIALES_DELETE);
  const canCreate = useCan(PERMISSIONS.OBRA_SOCIALES_CREATE);
  const canUpdate = useCan(PERMISSIONS.OBRA_SOCIALES_UPDATE);
  const [editing, setEditing] = useState<ObraSocial | null>(null);
  const query = useObrasSociales();
  const deletion = useDeleteObrasSociales();
  const [search, setSearch] = useState('');
  const { selected, toggle, clear: clearSelection } = useSelection<number>();
  const [isConfirming, setIsConfirming] = useState(false);

  const rows = useMemo(() => {
    const needle = fold(search.trim());
    if (!query.data || !needle) return query.data;
    return query.data.filter((o) => fold(o.nombre).includes(needle));
  }, [query.data, search]);

  const columns = useMemo(() => {
    const list: Column<ObraSocial>[] = [
      { id: 'nombre', header: 'Nombre', cell: (o) => <strong>{o.nombre}</strong>, isPrimary: true },
      {
        id: 'afiliados',
        header: 'Afiliados',
        cell: (o) => formatNumber(o.afiliadoCount ?? 0),
        align: 'end',
        // On a phone the row keeps the name and, for who may delete, the checkbox.
        isPrimary: !canDelete,
      },
      { id: 'mail', header: 'Mail', cell: (o) => <Lines items={o.mail} /> },
      { id: 'telefono', header: 'Telefono', cell: (o) => <Lines items={o.telefono} /> },
    ];
    if (canUpdate)
      list.push({
        id: 'editar',
        header: <span className="sr-only">Editar</span>,
        label: 'Editar',
        align: 'center',
        isPrimary: true,
        cell: (o) => (
          <button
            type="button"
            className={listPage.iconButton}
            aria-label={`Editar ${o.nombre}`}
            title="Editar"
            onClick={() => setEditing(o)}
          >
            <PencilIcon size={18} />
          </button>
        ),
      });
    if (canDelete)
      list.push({
        id: 'baja',
        header: 'Dar Baja',
        align: 'center',
        isPrimary: true,
        cell: (o) => (
          <Checkbox
            aria-label={`Dar de baja ${o.nombre}`}
            checked={selected.has(o.id)}
            onChange={(event) => toggle(o.id, event.target.checked)}
          />
        ),
      });
    return list;
  }, [canDelete, canUpdate, selected, toggle]);

  const selectedRows = (query.data ?? []).filter((o) => selected.has(o.id));

  const confirmDeletion = () => {
    const ids = selectedRows.map((o) => o.id);
    deletion.mutate(ids, {
      onSuccess: (count) => toast.success(MESSAGES.obrasSociales.DELETED(count)),
      onError: () => toast.error(MESSAGES.obrasSociales.DELETE_FAILED),
      onSettled: () => {
        clearSelection();
        setIsConfirming(false);
      },
    });
  };

  return (
    <Panel className={styles.panel} aria-labelledby="obras-sociales-heading">
      <div className={styles.header}>
        <h2 id="obras-sociales-heading" className={styles.heading}>
          Obras Sociales
        </h2>
        <div className={styles.actions}>
          {canDelete && selectedRows.length > 0 && (
            <Button variant="alert" icon={<TrashIcon size={18} />} onClick={() => setIsConfirming(true)}>
              Dar de baja
            </Button>
          )}
          <ExportButton
            failure={MESSAGES.EXPORT_FAILED}
            disabled={!query.data || query.data.length === 0}
            onExport={exportObrasSociales}
          />
          {canCreate && <AddObraSocialButton />}
        </div>
      </div>
      <TextInput
        label="Buscar obra social"
        hideLabel
        type="search"
        placeholder="Buscar obra social"
        icon={<SearchIcon size={18} />}
        className={styles.search}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <DataTable
        paging="client"
        label="Obras sociales"
        columns={columns}
        rows={rows}
        getRowId={(o) => o.id}
        isLoading={query.isPending}
        error={query.error}
      />
      <AddObraSocialModal isOpen={editing !== null} obraSocial={editing} onClose={() => setEditing(null)} />
      <Modal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Dar de baja"
        tone="error"
        size="sm"
        closeOnOutsideClick={!deletion.isPending}
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={deletion.isPending}>
              Cancelar
            </Button>
            <Button variant="alert" onClick={confirmDeletion} isLoading={deletion.isPending}>
              Aceptar
            </Button>
          </>
        }
      >
        <div className={styles.confirm}>
          <p>
            {selectedRows.length === 1
              ? 'Se dará de baja esta obra social. Sus afiliados quedarán sin obra social.'
              : `Se darán de baja estas ${formatNumber(selectedRows.length)} obras sociales. Sus afiliados quedarán sin obra social.`}
          </p>
          <ul>
            {selectedRows.map((o) => (
              <li key={o.id}>{o.nombre}</li>
            ))}
          </ul>
          <p>
            <strong>{MESSAGES.obrasSociales.DELETE_CONFIRM}</strong>
          </p>
        </div>
      </Modal>
    </Panel>
  );
}
