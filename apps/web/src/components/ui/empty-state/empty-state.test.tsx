import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it('shows a titled panel with its text', () => {
    render(
      <EmptyState title="Sin resultados" badge="Aviso">
        <p>Pruebe con otra búsqueda.</p>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Sin resultados' })).toBeInTheDocument();
    expect(screen.getByText('Aviso')).toBeInTheDocument();
    expect(screen.getByText('Pruebe con otra búsqueda.')).toBeInTheDocument();
  });
});
