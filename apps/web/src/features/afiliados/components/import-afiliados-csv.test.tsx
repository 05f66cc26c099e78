import type { ImportResult } from '@red-dental/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { mockUploads, type SentUpload } from '@/test/upload-mock.ts';
import { ImportAfiliadosCsv } from './import-afiliados-csv.tsx';

let sent: SentUpload[] = [];
let answer: (url: string) => [number, unknown] = () => [500, {}];

const DRY_RUN: ImportResult = {
  obraSocial: { id: 1, nombre: 'OSDE' },
  deactivatedAfiliados: [],
  moved: 0,
  movedAfiliados: [],
  dryRun: true,
  count: 2,
  created: 2,
  updated: 0,
  reactivated: 0,
  deactivated: 0,
  errorCount: 1,
  missingPermissions: [],
  errors: [{ line: 3, message: 'Falta el número de documento' }],
};

beforeEach(() => {
  answer = () => [500, {}];
  sent = mockUploads((url) => answer(url));
});
afterEach(() => vi.unstubAllGlobals());

function renderImport() {
  return renderWithProviders(
    <ImportAfiliadosCsv
      obrasSociales={[
        { id: 1, nombre: 'OSDE' },
        { id: 2, nombre: 'IOMA' },
      ]}
    />,
    { route: '/afiliados/import-csv' },
  );
}

const csv = () => new File(['nombre,documento\nAna,30111222\nLuis,\n'], 'padron.csv', { type: 'text/csv' });

describe('ImportAfiliadosCsv', () => {
  it('asks for both the insurer and the file', async () => {
    renderImport();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar Afiliados' }));
    expect(screen.getByText('Por favor, selecciona una obra social y un archivo CSV.')).toHaveAttribute(
      'role',
      'alert',
    );
    await userEvent.upload(screen.getByLabelText('Archivo .csv'), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Cargar Afiliados' }));
    expect(screen.getByText('Por favor, selecciona una obra social y un archivo CSV.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(sent).toHaveLength(0);
  });

  it('runs the dry run as soon as both are chosen, then loads the file and reports it', async () => {
    answer = (url) =>
      url.includes('dryRun=true') ? [200, DRY_RUN] : [201, { ...DRY_RUN, dryRun: false, created: 2 }];
    renderImport();
    await userEvent.selectOptions(screen.getByLabelText('Obra Social'), 'IOMA');
    await userEvent.upload(screen.getByLabelText('Archivo .csv'), csv());

    expect(await screen.findByText('Se crearán')).toBeInTheDocument();
    expect(screen.getByText('Falta el número de documento')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/afiliados/import-csv?dryRun=true');
    expect(sent[0]!.body.get('obraSocialId')).toBe('2');
    expect((sent[0]!.body.get('file') as File).name).toBe('padron.csv');

    await userEvent.click(screen.getByRole('button', { name: 'Cargar Afiliados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importación completada' });
    expect(dialog).toHaveTextContent('Se han cargado 2 afiliados');
    expect(dialog).toHaveTextContent('Falta el número de documento');
    expect(sent[1]!.url).toBe('/api/afiliados/import-csv');
    expect(screen.getByRole('button', { name: 'Ir a Afiliados' })).toBeInTheDocument();
  });

  it('says before importing which lines need a permission the user lacks', async () => {
    answer = () => [
      200,
      {
        ...DRY_RUN,
        errorCount: 0,
        errors: [],
        updated: 8,
        reactivated: 1,
        missingPermissions: [
          { permission: 'AFILIADOS.UPDATE', count: 7, lines: [2, 3, 4, 5, 6, 8, 9] },
          { permission: 'AFILIADOS.DELETE', count: 1, lines: [7] },
        ],
      },
    ];
    renderImport();
    await userEvent.selectOptions(screen.getByLabelText('Obra Social'), 'OSDE');
    await userEvent.upload(screen.getByLabelText('Archivo .csv'), csv());
    expect(
      await screen.findByText(
        'El archivo cambiaría datos de afiliados que ya existen (líneas 2, 3, 4, 5, 6 y 2 más); para eso hace falta el permiso «Modificar afiliados». ' +
          'El archivo reactivaría afiliados dados de baja (línea 7); para eso hace falta el permiso «Dar de baja y reactivar afiliados». ' +
          'Quite esas líneas del archivo o pida la importación a alguien que tenga el permiso.',
      ),
    ).toHaveAttribute('role', 'alert');
  });

  it("says 'Error al subir el archivo' with the server's reason", async () => {
    answer = (url) =>
      url.includes('dryRun')
        ? [200, DRY_RUN]
        : [413, { error: 'El archivo supera el tamaño máximo de 50 MB', code: 'DEMASIADO_GRANDE' }];
    renderImport();
    await userEvent.selectOptions(screen.getByLabelText('Obra Social'), 'OSDE');
    await userEvent.upload(screen.getByLabelText('Archivo .csv'), csv());
    await screen.findByText('Se crearán');
    await userEvent.click(screen.getByRole('button', { name: 'Cargar Afiliados' }));
    expect(
      await screen.findByText('Error al subir el archivo: El archivo supera el tamaño máximo de 50 MB'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows why a file cannot be read before anything is loaded', async () => {
    answer = () => [400, { error: 'El archivo está vacío', code: 'VALIDACION' }];
    renderImport();
    await userEvent.selectOptions(screen.getByLabelText('Obra Social'), 'OSDE');
    await userEvent.upload(screen.getByLabelText('Archivo .csv'), csv());
    expect(await screen.findByText('Error al subir el archivo: El archivo está vacío')).toBeInTheDocument();
  });
});
