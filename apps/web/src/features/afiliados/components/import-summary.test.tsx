import { IMPORT_NAMES_LIMIT, type ImportResult } from '@red-dental/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportSummary } from './import-summary.tsx';

/** What an import names besides its counts: none, unless a test says otherwise. */
const NOBODY = {
  obraSocial: { id: 7, nombre: 'Unión Personal' },
  deactivatedAfiliados: [],
  moved: 0,
  movedAfiliados: [],
} satisfies Partial<ImportResult>;

describe('ImportSummary', () => {
  it('tells what a dry run would do and lists the lines to fix', () => {
    render(
      <ImportSummary
        result={{
          ...NOBODY,
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
      ...NOBODY,
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
          ...NOBODY,
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
          ...NOBODY,
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

  it('names whom a file gives de baja and whom it moves to its insurer, in the preview and once done', () => {
    const result: ImportResult = {
      ...NOBODY,
      dryRun: true,
      count: 3,
      created: 0,
      updated: 2,
      reactivated: 0,
      deactivated: 1,
      deactivatedAfiliados: [{ id: 3, nombre: 'Bruno Álvarez', tipoDocumento: 'DNI', documento: '30111222' }],
      moved: 2,
      movedAfiliados: [
        {
          id: 1,
          nombre: 'Lucía Acuña',
          tipoDocumento: 'DNI',
          documento: '30555111',
          from: { id: 2, nombre: 'OSDE' },
        },
        { id: 4, nombre: 'Mario Sosa', tipoDocumento: 'Pasaporte', documento: 'AB123', from: null },
      ],
      errorCount: 0,
      missingPermissions: [],
      errors: [],
    };
    const { rerender } = render(<ImportSummary result={result} />);
    expect(screen.getByText('Cambiarán de obra social').nextSibling).toHaveTextContent('2 afiliados');
    const bajas = screen.getByRole('region', { name: 'Quiénes se darán de baja' });
    expect(
      within(bajas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Se dará de baja a Bruno Álvarez · DNI 30111222']);
    expect(
      screen.getByText('No están en el archivo de Unión Personal. Podrá reactivarlos después.'),
    ).toBeVisible();
    const cambios = screen.getByRole('region', { name: 'Quiénes cambiarán de obra social' });
    expect(
      within(cambios)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Lucía Acuña pasará de OSDE a Unión Personal · DNI 30555111',
      'Mario Sosa, sin obra social asignada, pasará a Unión Personal · Pasaporte AB123',
    ]);
    expect(screen.queryByText(/más\.$/)).toBeNull();

    rerender(<ImportSummary result={{ ...result, dryRun: false }} />);
    expect(
      within(screen.getByRole('region', { name: 'Quiénes se dieron de baja' })).getByRole('listitem'),
    ).toHaveTextContent('Se dio de baja a Bruno Álvarez · DNI 30111222');
    expect(
      within(screen.getByRole('region', { name: 'Quiénes cambiaron de obra social' })).getAllByRole(
        'listitem',
      )[0],
    ).toHaveTextContent('Lucía Acuña pasó de OSDE a Unión Personal');
  });

  it('names the first ones of a big file and says how many more there are', () => {
    const people = Array.from({ length: IMPORT_NAMES_LIMIT }, (_, i) => ({
      id: i + 1,
      nombre: `Persona ${i + 1}`,
      tipoDocumento: 'DNI',
      documento: String(30_000_000 + i),
      from: { id: 2, nombre: 'OSDE' },
    }));
    render(
      <ImportSummary
        result={{
          ...NOBODY,
          dryRun: true,
          count: 100_000,
          created: 0,
          updated: 100_000,
          reactivated: 0,
          deactivated: 40_000,
          deactivatedAfiliados: people,
          moved: 100_000,
          movedAfiliados: people,
          errorCount: 0,
          missingPermissions: [],
          errors: [],
        }}
      />,
    );
    const bajas = screen.getByRole('region', { name: 'Quiénes se darán de baja' });
    expect(within(bajas).getAllByRole('listitem')).toHaveLength(IMPORT_NAMES_LIMIT);
    expect(
      screen.getByText(`… y ${(40_000 - IMPORT_NAMES_LIMIT).toLocaleString('es-AR')} más.`),
    ).toBeVisible();
    expect(
      screen.getByText(`… y ${(100_000 - IMPORT_NAMES_LIMIT).toLocaleString('es-AR')} más.`),
    ).toBeVisible();
  });
});
