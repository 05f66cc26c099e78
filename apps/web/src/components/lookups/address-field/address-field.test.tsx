import type { GeocodeResult } from '@red-dental/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ADDRESS_DEBOUNCE_MS, AddressField } from './address-field.tsx';

const SUGGESTION = {
  display_name: 'Avenida Corrientes 1234, San Nicolás, Buenos Aires',
  lat: '-34.6037',
  lon: '-58.3816',
  localidad: 'Ciudad Autónoma de Buenos Aires',
};

function Harness({ onSelect, notFound }: { onSelect: (s: GeocodeResult) => void; notFound?: string }) {
  const [value, setValue] = useState('');
  return <AddressField value={value} onChange={setValue} onSelect={onSelect} notFoundMessage={notFound} />;
}

const NOT_FOUND = 'No se encontró esa dirección. Puede marcar el consultorio haciendo clic en el mapa.';

describe('AddressField', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('asks for suggestions 1500 ms after typing stops and reports the picked one', async () => {
    const { requests } = mockApi({ 'GET /api/geocode': [200, [SUGGESTION]] });
    const onSelect = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<Harness onSelect={onSelect} />);

    await user.type(screen.getByRole('combobox', { name: 'Dirección' }), 'Corrientes 1234');
    await act(() => vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS - 100));
    expect(requests).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.searchParams.get('q')).toBe('Corrientes 1234');

    await user.click(await screen.findByRole('option', { name: SUGGESTION.display_name }));
    expect(onSelect).toHaveBeenCalledWith(SUGGESTION);
    expect(screen.getByRole('combobox')).toHaveValue(SUGGESTION.display_name);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    // The picked text is not searched again.
    await act(() => vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS * 2));
    expect(requests).toHaveLength(1);
  });

  it('can be driven with the keyboard', async () => {
    mockApi({
      'GET /api/geocode': [
        200,
        [SUGGESTION, { ...SUGGESTION, display_name: 'Corrientes 1234, Rosario', lat: '-32.9' }],
      ],
    });
    const onSelect = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<Harness onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Dirección' });

    await user.type(input, 'Corrientes');
    await act(() => vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS));
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Corrientes 1234, Rosario' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ display_name: 'Corrientes 1234, Rosario' }),
    );
  });

  it('shows nothing, and logs, when the geocoding service fails', async () => {
    mockApi({}); // no geocoding endpoint: 404
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<Harness onSelect={vi.fn()} />);

    await user.type(screen.getByRole('combobox', { name: 'Dirección' }), 'Corrientes');
    await act(() => vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS));
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('says what to do instead when a finished search found nothing, never while typing', async () => {
    mockApi({ 'GET /api/geocode': [200, []] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<Harness onSelect={vi.fn()} notFound={NOT_FOUND} />);
    await user.type(screen.getByRole('combobox', { name: 'Dirección' }), 'Calle Inexistente 1234');
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS));
    expect(await screen.findByText(NOT_FOUND)).toBeVisible();
    await user.type(screen.getByRole('combobox'), 'x');
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument();
  });
});
