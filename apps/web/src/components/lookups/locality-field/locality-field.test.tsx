import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import type { Localidad } from './localidades.ts';
import { LocalityField } from './locality-field.tsx';

function Harness({ initial = '', onSelect }: { initial?: string; onSelect: (l: Localidad) => void }) {
  const [value, setValue] = useState(initial);
  return <LocalityField value={value} onChange={setValue} onSelect={onSelect} />;
}

describe('LocalityField', () => {
  it("offers the country's localities as the person types, with their province, and reports the one chosen", async () => {
    const onSelect = vi.fn();
    renderWithProviders(<Harness onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Localidad' });
    await userEvent.type(input, 'fune');
    await userEvent.click(await screen.findByRole('option', { name: 'Funes, Santa Fe' }));
    expect(onSelect).toHaveBeenCalledWith({
      nombre: 'Funes',
      provincia: 'Santa Fe',
      lat: -32.91568,
      lon: -60.80995,
    });
    expect(input).toHaveValue('Funes');
  });

  it('offers the list for the locality it holds when it takes the focus, and keeps any text typed', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<Harness initial="Funes" onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Localidad' }));
    expect(await screen.findByRole('option', { name: 'Funes, Santa Fe' })).toBeVisible();
    await userEvent.type(screen.getByRole('combobox'), ' Chico');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveValue('Funes Chico');
    expect(onSelect).not.toHaveBeenCalled();
  });
});
