import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setScreenWidth } from '@/test/media-query.ts';
import { useCardsOnSmallScreens } from './card-columns.tsx';
import { type Column, DataTable, EXPAND_LABEL } from './data-table.tsx';

interface Persona {
  id: number;
  nombre: string;
  email: string;
}

const COLUMNS: Column<Persona>[] = [
  { id: 'email', header: 'Email', cell: (p) => p.email },
  { id: 'nombre', header: 'Nombre', cell: (p) => <strong>{p.nombre}</strong> },
  {
    id: 'acciones',
    header: <span className="sr-only">Acciones</span>,
    label: 'Acciones',
    cell: (p) => <button type="button">Editar a {p.nombre}</button>,
  },
];

function Personas() {
  const columns = useCardsOnSmallScreens(COLUMNS, { key: 'nombre', actions: 'acciones' });
  return (
    <DataTable
      paging="client"
      label="Personas"
      columns={columns}
      rows={[{ id: 1, nombre: 'Ana Pérez', email: 'ana@reddental.example' }]}
      getRowId={(p) => p.id}
    />
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useCardsOnSmallScreens', () => {
  it('leaves the columns as they are on a wide screen', () => {
    setScreenWidth('wide');
    render(<Personas />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Email',
      'Nombre',
      'Acciones',
    ]);
  });

  it('on a phone folds each row into one card: the key first, the rest named, the buttons last', () => {
    setScreenWidth('small');
    render(<Personas />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre']);
    const [card, ...others] = screen.getAllByRole('cell');
    expect(others).toHaveLength(0);
    expect(card!.textContent).toBe('Ana PérezEmailana@reddental.exampleEditar a Ana Pérez');
    expect(within(card!).getByRole('term')).toHaveTextContent('Email');
    expect(within(card!).getByRole('definition')).toHaveTextContent('ana@reddental.example');
    expect(within(card!).getByRole('button', { name: 'Editar a Ana Pérez' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: EXPAND_LABEL })).not.toBeInTheDocument();
  });
});
