import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportSummary } from './import-summary.tsx';

describe('ImportSummary', () => {
  it('tells what a dry run would do and lists the lines to fix', () => {
    render(
      <ImportSummary
        result={{
          dryRun: true,
          count: 5,
          created: 3,
          updated: 1,
          reactivated: 0,
          deactivated: 0,
          errorCount: 2,
          missingPermissions: [],
          errors: [
            { line: 4, message: 'Falta el número de documento' },
            { line: 7, message: 'Fecha de nacimiento inválida: "31/02/1990" (use dd/mm/aaaa o aaaa-mm-dd)' },
          ],
        }}
      />,
    );
    expect(screen.getByText('Se crearán').nextSibling).toHaveTextContent('3 afiliados nuevos');
    expect(screen.getByText('Se actualizarán').nextSibling).toHaveTextContent('1 afiliado');
    expect(screen.getByText('Sin cambios').nextSibling).toHaveTextContent('1 afiliado');
    expect(screen.getByText('Rechazadas').nextSibling).toHaveTextContent('2 líneas');
    expect(screen.getByRole('heading', { name: 'Líneas que no se cargarán' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Líneas rechazadas' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'LíneaMotivo',
      '4Falta el número de documento',
      '7Fecha de nacimiento inválida: "31/02/1990" (use dd/mm/aaaa o aaaa-mm-dd)',
    ]);
  });

  it('says whom the file brings back and whom it gives de baja, only when there are any', () => {
    const result = {
      count: 2,
      created: 0,
      updated: 1,
      reactivated: 1,
      deactivated: 3,
      errorCount: 0,
      missingPermissions: [],
      errors: [],
    };
    const { rerender } = render(<ImportSummary result={{ ...result, dryRun: true }} />);
    expect(screen.getByText('Se reactivarán').nextSibling).toHaveTextContent('1 afiliado');
    expect(screen.getByText('Se darán de baja (no están en el archivo)').nextSibling).toHaveTextContent(
      '3 afiliados',
    );
    rerender(<ImportSummary result={{ ...result, dryRun: false }} />);
    expect(screen.getByText('Reactivados').nextSibling).toHaveTextContent('1 afiliado');
    expect(screen.getByText('Dados de baja (no estaban en el archivo)').nextSibling).toHaveTextContent(
      '3 afiliados',
    );
    rerender(<ImportSummary result={{ ...result, reactivated: 0, deactivated: 0, dryRun: false }} />);
    expect(screen.queryByText('Reactivados')).toBeNull();
    expect(screen.queryByText(/Dados de baja/)).toBeNull();
  });

  it('after an import, counts what was loaded and how many rejected lines are not listed', () => {
    render(
      <ImportSummary
        result={{
          dryRun: false,
          count: 1200,
          created: 1200,
          updated: 0,
          reactivated: 0,
          deactivated: 0,
          errorCount: 1003,
          missingPermissions: [],
          errors: Array.from({ length: 1000 }, (_, i) => ({ line: i + 2, message: 'Falta el nombre' })),
        }}
      />,
    );
    expect(screen.getByText('Nuevos').nextSibling).toHaveTextContent('1.200 afiliados');
    expect(screen.getByRole('heading', { name: 'Líneas rechazadas' })).toBeInTheDocument();
    expect(screen.getByText('… y 3 líneas más con errores.')).toBeInTheDocument();
  });

  it('shows no rejected-lines table when every line loaded', () => {
    render(
      <ImportSummary
        result={{
          dryRun: false,
          count: 2,
          created: 1,
          updated: 1,
          reactivated: 0,
          deactivated: 0,
          errorCount: 0,
          missingPermissions: [],
          errors: [],
        }}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Rechazadas').nextSibling).toHaveTextContent('0 líneas');
  });
});
