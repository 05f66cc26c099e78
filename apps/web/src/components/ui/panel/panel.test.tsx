import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Panel } from './panel.tsx';

describe('Panel', () => {
  it('is a labelled section that keeps the screen’s own class', () => {
    render(
      <Panel aria-label="Búsqueda" className="propia">
        contenido
      </Panel>,
    );
    const section = screen.getByRole('region', { name: 'Búsqueda' });
    expect(section).toHaveTextContent('contenido');
    expect(section.className).toMatch(/panel/);
    expect(section).toHaveClass('propia');
  });
});
