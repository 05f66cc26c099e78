import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setScreenWidth } from '@/test/media-query.ts';
import { type Column, DataTable, DETAILS_LABEL, EXPAND_LABEL, type Pagination } from './data-table.tsx';

interface Row {
  id: number;
  nombre: string;
  razonSocial: string;
}

const makeRows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    nombre: `Profesional ${i + 1}`,
    razonSocial: `RS ${i + 1}`,
  }));

const COLUMNS: Column<Row>[] = [
  { id: 'nombre', header: 'Nombre', cell: (r) => r.nombre, isPrimary: true },
  { id: 'razonSocial', header: 'Razón Social', cell: (r) => r.razonSocial },
  {
    id: 'editar',
    header: <span className="sr-only">Editar</span>,
    label: 'Editar',
    cell: (r) => <button type="button">Editar {r.nombre}</button>,
  },
];

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

afterEach(() => vi.restoreAllMocks());

describe('DataTable states', () => {
  it('says it is loading', () => {
    render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={COLUMNS}
        rows={undefined}
        getRowId={(r) => r.id}
        isLoading
      />,
    );
    expect(screen.getByRole('cell', { name: 'Cargando...' })).toBeInTheDocument();
  });

  it('shows the error message, without retry', () => {
    render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={COLUMNS}
        rows={undefined}
        getRowId={(r) => r.id}
        error={new Error('No tiene permiso para realizar esta acción')}
      />,
    );
    expect(
      screen.getByRole('cell', { name: 'Error: No tiene permiso para realizar esta acción' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /reintentar/i })).not.toBeInTheDocument();
  });

  it('says when there is no data', () => {
    render(
      <DataTable paging="client" label="Profesionales" columns={COLUMNS} rows={[]} getRowId={(r) => r.id} />,
    );
    expect(screen.getByRole('cell', { name: 'No hay datos disponibles' })).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 1')).toBeInTheDocument();
  });

  it('has a header row with every column', () => {
    render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={COLUMNS}
        rows={makeRows(2)}
        getRowId={(r) => r.id}
      />,
    );
    expect(screen.getByRole('table', { name: 'Profesionales' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Nombre',
      'Razón Social',
      'Editar',
    ]);
  });
});

describe('DataTable client paging', () => {
  it('pages the rows itself, 10 by default', async () => {
    render(
      <DataTable
        paging="client"
        label="Solicitudes"
        columns={COLUMNS}
        rows={makeRows(23)}
        getRowId={(r) => r.id}
      />,
    );
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Página 3 de 3')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    expect(screen.getByText('Profesional 11')).toBeInTheDocument();
  });

  it('offers 5, 10, 25 and 50 rows per page and goes back to page 1 on a change', async () => {
    render(
      <DataTable
        paging="client"
        label="Solicitudes"
        columns={COLUMNS}
        rows={makeRows(60)}
        getRowId={(r) => r.id}
      />,
    );
    const pageSize = screen.getByRole('combobox', { name: 'Filas por página' });
    expect(pageSize).toHaveValue('10');
    expect(
      within(pageSize)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25', '50']);

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Página 2 de 6')).toBeInTheDocument();
    await userEvent.selectOptions(pageSize, '25');
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
  });
});

describe('DataTable server paging', () => {
  function ServerTable({ onChange }: { onChange: (p: Pagination) => void }) {
    const [pagination, setPagination] = useState<Pagination>({ pageIndex: 0, pageSize: 10 });
    const start = pagination.pageIndex * pagination.pageSize;
    const rows = makeRows(42).slice(start, start + pagination.pageSize);
    return (
      <DataTable
        paging="server"
        label="Afiliados"
        columns={COLUMNS}
        rows={rows}
        rowCount={42}
        getRowId={(r) => r.id}
        pagination={pagination}
        onPaginationChange={(next) => {
          onChange(next);
          setPagination(next);
        }}
      />
    );
  }

  it('asks for pages and computes the page count from rowCount', async () => {
    const onChange = vi.fn();
    render(<ServerTable onChange={onChange} />);
    expect(screen.getByText('Página 1 de 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onChange).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10 });
    expect(screen.getByText('Página 2 de 5')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filas por página' }), '5');
    expect(onChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 5 });
    expect(screen.getByText('Página 1 de 9')).toBeInTheDocument();
  });
});

describe('DataTable rows', () => {
  it('calls back when a row is clicked or activated with the keyboard', async () => {
    const onRowClick = vi.fn();
    render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={COLUMNS}
        rows={makeRows(2)}
        getRowId={(r) => r.id}
        onRowClick={onRowClick}
      />,
    );
    await userEvent.click(screen.getByText('Profesional 2'));
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }));

    bodyRows()[0]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('leaves controls inside a row to themselves', async () => {
    const onRowClick = vi.fn();
    render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={COLUMNS}
        rows={makeRows(1)}
        getRowId={(r) => r.id}
        onRowClick={onRowClick}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Editar Profesional 1' }));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('keeps detail columns out of the table and shows them, where a row has them, when it expands', async () => {
    const withMail: Column<Row & { mail?: string }>[] = [
      ...COLUMNS,
      { id: 'mail', header: 'Email', isDetail: true, cell: (r) => r.mail ?? null },
    ];
    const rows = [{ ...makeRows(1)[0]!, mail: 'uno@example.com' }, makeRows(2)[1]!];
    const { unmount } = render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={withMail}
        rows={rows}
        getRowId={(r) => r.id}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Nombre',
      'Razón Social',
      'Editar',
      'Detalle',
    ]);
    expect(screen.queryByText('uno@example.com')).not.toBeInTheDocument();
    // Only the row with a mail expands.
    const second = screen.getByRole('row', { name: /Profesional 2/ });
    expect(within(second).queryByRole('button', { name: DETAILS_LABEL })).toBeNull();
    await userEvent.click(screen.getByText('Profesional 1'));
    expect(screen.getByText('uno@example.com')).toBeInTheDocument();
    // The columns in sight are not repeated in the details.
    expect(screen.getAllByText('RS 1')).toHaveLength(1);
    unmount();

    setScreenWidth('small');
    render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={withMail}
        rows={rows}
        getRowId={(r) => r.id}
      />,
    );
    await userEvent.click(screen.getByText('Profesional 2'));
    expect(screen.getByText('RS 2')).toBeInTheDocument();
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
  });

  it('on small screens shows the main columns and expands a row to show them all', async () => {
    setScreenWidth('small');
    render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={COLUMNS}
        rows={makeRows(2)}
        getRowId={(r) => r.id}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Detalle']);
    expect(screen.queryByText('RS 1')).not.toBeInTheDocument();

    const row = screen.getByRole('row', { name: /Profesional 1/ });
    const toggle = within(row).getByRole('button', { name: EXPAND_LABEL });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByText('Profesional 1'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Razón Social')).toBeInTheDocument();
    expect(screen.getByText('RS 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar Profesional 1' })).toBeInTheDocument();

    // A control inside the details keeps its own meaning: the row stays open.
    await userEvent.click(screen.getByRole('button', { name: 'Editar Profesional 1' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(row);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('RS 1')).not.toBeInTheDocument();
  });

  it('on small screens opens and closes a row from the keyboard', async () => {
    setScreenWidth('small');
    render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={COLUMNS}
        rows={makeRows(2)}
        getRowId={(r) => r.id}
      />,
    );
    await userEvent.tab();
    const row = screen.getByRole('row', { name: /Profesional 1/ });
    const toggle = within(row).getByRole('button', { name: EXPAND_LABEL });
    expect(toggle).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('RS 1')).toBeInTheDocument();

    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('RS 1')).not.toBeInTheDocument();
  });

  it('on wide screens shows every column and rows do not expand', () => {
    setScreenWidth('wide');
    render(
      <DataTable
        paging="client"
        label="Profesionales"
        columns={COLUMNS}
        rows={makeRows(1)}
        getRowId={(r) => r.id}
      />,
    );
    expect(screen.getByText('RS 1')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Profesional 1/ })).not.toHaveAttribute('aria-expanded');
  });
});
