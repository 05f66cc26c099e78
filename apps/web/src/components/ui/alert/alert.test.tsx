import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert.tsx';

describe('Alert', () => {
  it('announces errors and warnings as alerts', () => {
    render(
      <>
        <Alert>No se pudo guardar</Alert>
        <Alert variant="warning">Sin ubicación</Alert>
      </>,
    );
    const alerts = screen.getAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('No se pudo guardar');
    expect(alerts[1]).toHaveTextContent('Sin ubicación');
  });

  it('announces successes and notices as status', () => {
    render(<Alert variant="success">Guardado</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('Guardado');
  });

  it('keeps an empty region mounted until there is a message', () => {
    const { rerender } = render(<Alert id="a" />);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    rerender(<Alert id="a">Falló</Alert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Falló');
    expect(screen.getByRole('alert')).toHaveAttribute('id', 'a');
  });
});
