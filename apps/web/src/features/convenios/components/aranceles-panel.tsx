import {
  type Arancel,
  type Convenio,
  DEFAULT_PAGE_SIZE,
  formatImporte,
  formatUnidades,
  networkClock,
} from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { UploadIcon } from '@/components/ui/screen-icons/index.ts';
import { SearchForm } from '@/components/ui/search-form/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { formatCount } from '@/lib/format.ts';
import { useAranceles } from '../api/get-aranceles.ts';
import { ArancelesImportModal } from './aranceles-import-modal.tsx';
import styles from './convenios.module.css';
import { vigencia } from './convenios-panel.tsx';

/**
 * One contract's fees in force on a day (today at first), found by code or
 * name: what each code pays then, set in pesos or in units; `canManage`
 * imports a fee table.
 */
export function ArancelesPanel({ convenio, canManage }: { convenio: Convenio; canManage: boolean }) {
  const [fecha, setFecha] = useState(() => networkClock(new Date()).date);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [pagination, setPagination] = useState<Pagination>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [importing, setImporting] = useState(false);
  const page = useAranceles(convenio.id, { ...pagination, search, fecha: fecha || undefined });

  const columns = useMemo<Column<Arancel>[]>(
    () => [
      // The code and its name in one cell, so that a phone shows them beside the fee.
      {
        id: 'prestacion',
        header: 'Prestación',
        isPrimary: true,
        cell: (a) => (
          <>
            <strong className={styles.codigo}>{a.codigo}</strong> {a.nombre}
          </>
        ),
      },
      {
        id: 'valor',
        header: 'Arancel',
        align: 'end',
        isPrimary: true,
        cell: (a) => <span className={styles.importe}>{formatImporte(a.valor)}</span>,
      },
      {
        id: 'forma',
        header: 'Fijado en',
        cell: (a) => (a.unidades === null ? 'Pesos' : `${formatUnidades(a.unidades)} unidades`),
      },
      { id: 'vigencia', header: 'Vigencia', cell: vigencia },
    ],
    [],
  );

  return (
    <ListPanel
      title={`Aranceles de ${convenio.nombre} (${convenio.obraSocial.nombre})`}
      count={page.data && formatCount(page.data.rowCount, 'código', 'códigos')}
      actions={
        canManage && (
          <Button icon={<UploadIcon size={18} />} onClick={() => setImporting(true)}>
            Importar aranceles
          </Button>
        )
      }
    >
      <SearchForm
        label="Buscar por código o nombre"
        value={draft}
        onChange={setDraft}
        onSearch={(value) => {
          setSearch(value.trim());
          setPagination((p) => ({ ...p, pageIndex: 0 }));
        }}
      >
        <TextInput
          label="Vigentes al"
          type="date"
          value={fecha}
          onChange={(event) => {
            setFecha(event.target.value);
            setPagination((p) => ({ ...p, pageIndex: 0 }));
          }}
        />
      </SearchForm>
      <DataTable
        paging="server"
        label="Aranceles"
        columns={columns}
        rows={page.data?.rows}
        rowCount={page.data?.rowCount ?? 0}
        pagination={pagination}
        onPaginationChange={setPagination}
        getRowId={(a) => a.id}
        isLoading={page.isPending}
        error={page.error}
      />
      {canManage && (
        <ArancelesImportModal convenio={convenio} isOpen={importing} onClose={() => setImporting(false)} />
      )}
    </ListPanel>
  );
}
