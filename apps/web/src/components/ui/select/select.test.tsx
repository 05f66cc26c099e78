import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select.tsx';

const OPTIONS = [
  { value: 'DNI', label: 'DNI' },
  { value: 'Pasaporte', label: 'Pasaporte' },
];

describe('Select', () => {
  it('starts on a disabled placeholder option', () => {
    render(<Select label="Tipo" options={OPTIONS} placeholder="Seleccione un tipo" />);
    const select = screen.getByRole('combobox', { name: 'Tipo' });
    expect(select).toHaveValue('');
    const placeholder = screen.getByRole('option', { name: 'Seleccione un tipo' });
    expect(placeholder).toBeDisabled();
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('reports the chosen value', async () => {
    const onChange = vi.fn();
    render(<Select label="Tipo" options={OPTIONS} placeholder="Seleccione" onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'Pasaporte');
    expect(screen.getByRole('combobox')).toHaveValue('Pasaporte');
    expect(onChange).toHaveBeenCalled();
  });

  it('shows its error line', () => {
    render(<Select label="Tipo" options={OPTIONS} error="El tipo de documento es obligatorio" />);
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveAccessibleDescription(
      'El tipo de documento es obligatorio',
    );
  });
});
