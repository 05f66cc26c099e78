import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageError, PageLoading } from './page-status.tsx';

describe('PageLoading', () => {
  it('says the screen is loading as a status', () => {
    render(<PageLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
  });
});

describe('PageError', () => {
  it('titles the failure and gives its message', () => {
    render(<PageError message="Sin conexión" />);
    expect(screen.getByRole('heading', { name: 'No se pudo cargar la página' })).toBeInTheDocument();
    expect(screen.getByText('Sin conexión')).toBeInTheDocument();
  });
});
