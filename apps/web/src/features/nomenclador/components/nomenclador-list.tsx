import {
  AREA_LABELS,
  CAPITULOS,
  type Capitulo,
  type CodigoPrestacion,
  capituloNombre,
  DEFAULT_PAGE_SIZE,
  DENTICION_LABELS,
  formatUnidades,
  MESSAGES,
} from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { PencilIcon, UploadIcon } from '@/components/ui/screen-icons/index.ts';
import { SearchForm } from '@/components/ui/search-form/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { formatCount } from '@/lib/format.ts';
import { PAGE_PARAM, readPageIndex, SEARCH_PARAM, withPageIndex } from '@/lib/list-params.ts';
import listPage from '@/styles/list-page.module.css';
import { useNomenclador } from '../api/get-nomenclador.ts';
import { CodigoModal } from './codigo-modal.tsx';
import styles from './nomenclador.module.css';
import { NomencladorImportModal } from './nomenclador-import-modal.tsx';

const CAPITULO_PARAM = 'capitulo';
const CAPITULO_OPTIONS = [
  { value: '', label: 'Todos los capítulos' },
  ...CAPITULOS.map((c) => ({ value: c.capitulo, label: `${c.capitulo} · ${c.nombre}` })),
];

const readCapitulo = (value: string | null): Capitulo | undefined =>
  CAPITULOS.find((c) => c.capitulo === value)?.capitulo;

/** What a line of the code names: 'Pieza y caras (2 a 5)'. */
export function areaText(codigo: Pick<CodigoPrestacion, 'area' | 'carasMin' | 'carasMax'>): string {
  if (codigo.area !== 'caras') return AREA_LABELS[codigo.area];
  const caras =
    codigo.carasMin === codigo.carasMax ? `${codigo.carasMin}` : `${codigo.carasMin} a ${codigo.carasMax}`;
  return `${AREA_LABELS.caras} (${caras})`;
}

/**
 * `/nomenclador`'s table: every code by the start of its code or words of
 * its name, a chapter at a time if asked; `canManage` (NOMENCLADOR.MANAGE)
 * edits a code and imports a table.
 */
export function NomencladorList({ canManage }: { canManage: boolean }) {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM)?.trim() ?? '';
  const capitulo = readCapitulo(params.get(CAPITULO_PARAM));
  const [draft, setDraft] = useState(search);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const pagination: Pagination = { pageIndex: readPageIndex(params), pageSize };
  const page = useNomenclador({ ...pagination, search, capitulo });
  const [editing, setEditing] = useState<CodigoPrestacion | null>(null);
  const [importing, setImporting] = useState(false);

  const apply = (next: { search?: string; capitulo?: Capitulo | undefined }) => {
    const merged = new URLSearchParams(params);
    const nextSearch = (next.search ?? search).trim();
    if (nextSearch) merged.set(SEARCH_PARAM, nextSearch);
    else merged.delete(SEARCH_PARAM);
    const nextCapitulo = 'capitulo' in next ? next.capitulo : capitulo;
    if (nextCapitulo) merged.set(CAPITULO_PARAM, nextCapitulo);
    else merged.delete(CAPITULO_PARAM);
    merged.delete(PAGE_PARAM);
    setParams(merged, { replace: true });
  };

  const changePagination = (next: Pagination) => {
    if (next.pageSize !== pageSize) {
      setPageSize(next.pageSize);
      const merged = new URLSearchParams(params);
      merged.delete(PAGE_PARAM);
      setParams(merged, { replace: true });
      return;
    }
    setParams(withPageIndex(new URLSearchParams(params), next.pageIndex));
  };

  const columns = useMemo<Column<CodigoPrestacion>[]>(() => {
    const list: Column<CodigoPrestacion>[] = [
      {
        id: 'codigo',
        header: 'Código',
        isPrimary: true,
        cell: (c) => <span className={styles.codigo}>{c.codigo}</span>,
      },
      {
        id: 'nombre',
        header: 'Prestación',
        isPrimary: true,
        cell: (c) => <strong>{c.nombre}</strong>,
      },
      { id: 'capitulo', header: 'Capítulo', cell: (c) => capituloNombre(c.capitulo) },
      { id: 'area', header: 'Área', cell: areaText },
      { id: 'denticion', header: 'Dentición', cell: (c) => DENTICION_LABELS[c.denticion] },
      {
        id: 'unidades',
        header: 'Unidades',
        align: 'end',
        cell: (c) => (c.unidades === null ? '—' : formatUnidades(c.unidades)),
      },
      {
        id: 'grupos',
        header: 'Grupos',
        isDetail: true,
        cell: (c) => (c.grupos.length ? c.grupos.join(', ') : null),
      },
      { id: 'norma', header: 'Norma', isDetail: true, cell: (c) => c.norma },
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
            aria-label={`Editar el código ${c.codigo}`}
            title="Editar"
            onClick={() => setEditing(c)}
          >
            <PencilIcon size={18} />
          </button>
        ),
      });
    return list;
  }, [canManage]);

  return (
    <ListPanel
      title="Nomenclador"
      count={page.data && formatCount(page.data.rowCount, 'código', 'códigos')}
      actions={
        canManage && (
          <Button icon={<UploadIcon size={18} />} onClick={() => setImporting(true)}>
            Importar CSV
          </Button>
        )
      }
    >
      <SearchForm
        label="Buscar por código o nombre"
        value={draft}
        onChange={setDraft}
        onSearch={(value) => apply({ search: value })}
      >
        <Select
          label="Capítulo"
          hideLabel
          options={CAPITULO_OPTIONS}
          value={capitulo ?? ''}
          onChange={(event) => apply({ capitulo: readCapitulo(event.target.value) })}
        />
      </SearchForm>
      <DataTable
        paging="server"
        label="Códigos del nomenclador"
        columns={columns}
        rows={page.data?.rows}
        rowCount={page.data?.rowCount ?? 0}
        pagination={pagination}
        onPaginationChange={changePagination}
        getRowId={(c) => c.id}
        isLoading={page.isPending}
        error={page.error}
      />
      {canManage && (
        <>
          {editing && (
            <CodigoModal
              codigo={editing}
              onClose={() => setEditing(null)}
              onSaved={() => {
                toast.success(MESSAGES.nomenclador.CODIGO_UPDATED);
                setEditing(null);
              }}
            />
          )}
          <NomencladorImportModal isOpen={importing} onClose={() => setImporting(false)} />
        </>
      )}
    </ListPanel>
  );
}
