import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { mockUploads, type SentUpload } from '@/test/upload-mock.ts';
import { CrearNotificacion, SEND_DELAY_MS } from './crear-notificacion.tsx';

const OBRAS_SOCIALES = [
  { id: 1, nombre: 'OSDE' },
  { id: 2, nombre: 'IOMA' },
];
const ZONAS = [{ id: 5, nombre: 'Norte', numero: 3 }];
const ESPECIALIDADES = [{ id: 8, nombre: 'Ortodoncia' }];

const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'valores.pdf', { type: 'application/pdf' });

let sent: SentUpload[];
let answer: (url: string) => [number, unknown];

beforeEach(() => {
  answer = () => [201, { id: 9, recipientCount: 120 }];
  sent = mockUploads((url) => answer(url));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderForm() {
  return renderWithProviders(
    <CrearNotificacion obrasSociales={OBRAS_SOCIALES} zonas={ZONAS} especialidades={ESPECIALIDADES} />,
    { route: '/notificaciones/crear-notificacion' },
  );
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Enviar notificación' }));
const alertText = () =>
  screen
    .getAllByRole('alert')
    .map((a) => a.textContent)
    .find(Boolean);

describe('CrearNotificacion', () => {
  it("shows the spec's four alerts in their order as each choice is missing", async () => {
    mockApi({});
    renderForm();
    await submit();
    expect(alertText()).toBe('Por favor, ingrese un título');
    expect(screen.getByLabelText('Título')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Título'), 'Nuevos valores');
    await submit();
    expect(alertText()).toBe('Por favor, seleccione un archivo PDF');
    await userEvent.upload(screen.getByLabelText('Archivo PDF'), pdf());
    expect(screen.getByLabelText('Archivo PDF')).toHaveAttribute('accept', '.pdf,application/pdf');
    await submit();
    expect(alertText()).toBe('Por favor, seleccione una categoría');
    await userEvent.selectOptions(screen.getByLabelText('Categoría'), 'Actualización de valores');
    await submit();
    expect(alertText()).toBe('Por favor, seleccione un destinatario');
    expect(screen.getByRole('checkbox', { name: 'Afiliados' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the recipient types exclusive, and changing the type clears the filters and the names', async () => {
    mockApi({
      'GET /api/profesionales/paginated': {
        rows: [{ id: 4, nombre: 'Laura Gómez', razonSocial: null }],
        rowCount: 1,
      },
    });
    renderForm();
    const afiliados = screen.getByRole('checkbox', { name: 'Afiliados' });
    const profesionales = screen.getByRole('checkbox', { name: 'Profesionales' });
    await userEvent.click(profesionales);
    await userEvent.click(screen.getByRole('checkbox', { name: 'OSDE' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '3 - Norte' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ortodoncia' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Profesionales' }), 'Gó');
    await userEvent.click(await screen.findByRole('option', { name: /Laura Gómez/ }));
    expect(
      within(screen.getByRole('list', { name: 'Profesionales elegidos' })).getByText('Laura Gómez'),
    ).toBeInTheDocument();

    // Professionals have no 'Afiliados' category to find it under.
    const categoryOptions = () =>
      within(screen.getByLabelText('Categoría'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(categoryOptions()).not.toContain('Afiliados');

    await userEvent.click(afiliados);
    expect(categoryOptions()).toContain('Afiliados');
    expect(afiliados).toBeChecked();
    expect(profesionales).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'OSDE' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: '3 - Norte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Profesionales elegidos' })).not.toBeInTheDocument();

    await userEvent.click(profesionales);
    expect(screen.getByRole('checkbox', { name: '3 - Norte' })).not.toBeChecked();
    expect(screen.queryByRole('list', { name: 'Profesionales elegidos' })).not.toBeInTheDocument();
  });

  it("confirms with a summary and the recipients' count, sends, and shows 'Notificación Enviada' after 2 s", async () => {
    const { requests } = mockApi({ 'POST /api/notificaciones/destinatarios': { count: 120 } });
    renderForm();
    await userEvent.type(screen.getByLabelText('Título'), 'Nuevos valores');
    await userEvent.selectOptions(screen.getByLabelText('Categoría'), 'Actualización de valores');
    await userEvent.upload(screen.getByLabelText('Archivo PDF'), pdf());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Afiliados' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'IOMA' }));
    await submit();

    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Notificación' });
    expect(within(dialog).getByText('Nuevos valores')).toBeInTheDocument();
    expect(within(dialog).getByText('valores.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('IOMA')).toBeInTheDocument();
    expect(await within(dialog).findByText('120 afiliados')).toBeInTheDocument();
    expect(within(dialog).getByText(/^La recibirán/)).toHaveTextContent('La recibirán 120 afiliados.');
    expect(requests.find((r) => r.url.pathname === '/api/notificaciones/destinatarios')!.body).toEqual({
      destinatario: 'afiliados',
      obrasSociales: [2],
      zonas: [],
      especialidades: [],
      profesionales: [],
    });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const started = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const done = await screen.findByRole(
      'dialog',
      { name: 'Notificación Enviada' },
      { timeout: SEND_DELAY_MS + 2000 },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(SEND_DELAY_MS);
    expect(within(done).getByText(/120 afiliados/)).toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/notificaciones/afiliados');
    const body = sent[0]!.body;
    expect(body.get('title')).toBe('Nuevos valores');
    expect(body.get('category')).toBe('Actualización de valores');
    expect(body.get('obrasSociales')).toBe('[2]');
    expect((body.get('pdfs') as File).name).toBe('valores.pdf');
    expect(body.has('zonas')).toBe(false);
  });

  it("sends professionals' filters to POST /api/notificaciones and says so when nobody matches", async () => {
    mockApi({ 'POST /api/notificaciones/destinatarios': { count: 0 } });
    renderForm();
    await userEvent.type(screen.getByLabelText('Título'), 'Circular');
    await userEvent.selectOptions(screen.getByLabelText('Categoría'), 'Comunicación al prestador');
    await userEvent.upload(screen.getByLabelText('Archivo PDF'), pdf());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Profesionales' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '3 - Norte' }));
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Notificación' });
    expect(await within(dialog).findByText(/Nadie cumple con lo elegido/)).toBeInTheDocument();
    expect(within(dialog).getByText('3 - Norte')).toBeInTheDocument();
    expect(within(dialog).getByText('Todas las especialidades')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  });

  it('says in the singular that one professional will receive it', async () => {
    mockApi({ 'POST /api/notificaciones/destinatarios': { count: 1 } });
    renderForm();
    await userEvent.type(screen.getByLabelText('Título'), 'Circular');
    await userEvent.selectOptions(screen.getByLabelText('Categoría'), 'Documentación');
    await userEvent.upload(screen.getByLabelText('Archivo PDF'), pdf());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Profesionales' }));
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Notificación' });
    await within(dialog).findByText('1 profesional');
    expect(within(dialog).getByText(/^La recibirá/)).toHaveTextContent('La recibirá 1 profesional.');
  });

  it("shows the server's reason when the send is refused", async () => {
    mockApi({ 'POST /api/notificaciones/destinatarios': { count: 3 } });
    answer = () => [415, { error: 'El archivo no es un PDF válido', code: 'TIPO_NO_ADMITIDO' }];
    renderForm();
    await userEvent.type(screen.getByLabelText('Título'), 'Circular');
    await userEvent.selectOptions(screen.getByLabelText('Categoría'), 'Documentación');
    await userEvent.upload(screen.getByLabelText('Archivo PDF'), pdf());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Profesionales' }));
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Notificación' });
    await within(dialog).findByText('3 profesionales');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(
      () => expect(alertText()).toBe('No se pudo enviar la notificación: El archivo no es un PDF válido'),
      {
        timeout: SEND_DELAY_MS + 2000,
      },
    );
    expect(sent[0]!.url).toBe('/api/notificaciones');
  });
});
