import { buildProfesionalRow } from '@red-dental/testing/responses';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { PROFESSIONAL_SEARCH_DEBOUNCE_MS, ProfessionalSearch } from './professional-search.tsx';

const ROWS = [
  buildProfesionalRow(1, { nombre: 'Laura Gómez', razonSocial: 'Consultorio Gómez' }),
  buildProfesionalRow(2, { nombre: 'Martín Gómez' }),
];

describe('ProfessionalSearch', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('does not search a single character', async () => {
    const { requests } = mockApi({ 'GET /api/profesionales/paginated': { rows: ROWS, rowCount: 2 } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<ProfessionalSearch onSelect={vi.fn()} />);
    await user.type(screen.getByRole('combobox', { name: 'Buscar profesional' }), 'G');
    await act(() => vi.advanceTimersByTimeAsync(PROFESSIONAL_SEARCH_DEBOUNCE_MS * 3));
    expect(requests).toHaveLength(0);
  });

  it('searches 300 ms after typing stops, with more than one character', async () => {
    const { requests } = mockApi({ 'GET /api/profesionales/paginated': { rows: ROWS, rowCount: 2 } });
    const onSelect = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<ProfessionalSearch onSelect={onSelect} excludeIds={[2]} />);

    await user.type(screen.getByRole('combobox', { name: 'Buscar profesional' }), 'Gó');
    await act(() => vi.advanceTimersByTimeAsync(PROFESSIONAL_SEARCH_DEBOUNCE_MS - 50));
    expect(requests).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
      search: 'Gó',
      pageIndex: '0',
      pageSize: '10',
    });

    // Already chosen professionals are not offered again.
    expect(await screen.findAllByRole('option')).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: /Laura Gómez/ }));
    expect(onSelect).toHaveBeenCalledWith({ id: 1, nombre: 'Laura Gómez', razonSocial: 'Consultorio Gómez' });
    expect(screen.getByRole('combobox')).toHaveValue('');
  });

  it('says when nobody matches', async () => {
    mockApi({ 'GET /api/profesionales/paginated': { rows: [], rowCount: 0 } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<ProfessionalSearch onSelect={vi.fn()} />);
    await user.type(screen.getByRole('combobox', { name: 'Buscar profesional' }), 'Zzz');
    await act(() => vi.advanceTimersByTimeAsync(PROFESSIONAL_SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText('No se encontraron profesionales')).toBeInTheDocument();
  });
});
