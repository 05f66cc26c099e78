import { type AuditoriaRow, MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const CHECK: AuditoriaRow = {
  id: 7,
  createdAt: '2026-11-20T13:05:00.000Z',
  actorNombre: 'Dra. Ana Gómez',
  actorEmail: 'ana@consultorio.example',
  actorRol: 'Profesional',
  action: 'consult',
  entity: 'afiliado',
  entityId: '42',
  documento: '30111222',
  details: { documento: '30111222', found: true },
  address: '10.1.2.3',
  nombres: { 'afiliado:42': { nombre: 'Lucía Acuña', tipoDocumento: 'DNI', documento: '30111222' } },
};

function admin(rows: AuditoriaRow[] = [CHECK]) {
  const user = makeSessionUser('ADMINISTRADOR');
  storeStaffSession(user);
  return {
    'GET /api/user/me': user,
    'GET /api/notificaciones/unread': {},
    'GET /api/auditoria': ({ url }: MockRequest) => ({
      rows: url.searchParams.get('accion') === 'delete' ? [] : rows,
      rowCount: url.searchParams.get('accion') === 'delete' ? 0 : rows.length,
    }),
  };
}

describe('/auditoria', () => {
  it('says in Spanish who did what to whom, when (Buenos Aires time) and from where', async () => {
    mockApi(admin());
    renderApp('/auditoria');
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
    const row = (await within(table).findByText('Dra. Ana Gómez')).closest('tr')!;
    expect(row).toHaveTextContent('20/11/2026 10:05');
    expect(row).toHaveTextContent('ana@consultorio.example');
    expect(row).toHaveTextContent('Consultó la cobertura de Lucía Acuña (DNI 30.111.222)');
    expect(row).not.toHaveTextContent('afiliado 42');
    expect(row).toHaveTextContent('Documento 30111222');
    expect(row).toHaveTextContent('Afiliado encontrado');
    expect(row).toHaveTextContent('10.1.2.3');
    expect(screen.getByText('1 registro')).toBeInTheDocument();
  });

  it('sends the filters to the server', async () => {
    const { requests } = mockApi(admin());
    renderApp('/auditoria');
    await screen.findByText('Dra. Ana Gómez');
    await userEvent.type(screen.getByLabelText('Documento del afiliado'), '30111222');
    await userEvent.selectOptions(screen.getByLabelText('Acción'), 'delete');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('0 registros')).toBeInTheDocument();
    const last = requests.filter((r) => r.url.pathname === '/api/auditoria').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({
      documento: '30111222',
      accion: 'delete',
    });
    // Nothing to export: the button says so by being off.
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeDisabled();
  });

  it('offers the workbook and the CSV with `;` or `,`, as the other lists do', async () => {
    mockApi(admin());
    renderApp('/auditoria');
    await screen.findByText('Dra. Ana Gómez');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    const formats = screen.getByRole('list', { name: 'Formato del archivo' });
    expect(
      within(formats)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Excel (.xlsx)',
      'CSV separado por punto y coma (Excel en español)',
      'CSV separado por comas',
    ]);
  });

  it('names what a change touched and says what changed, a record since deleted marked so', async () => {
    const renamed: AuditoriaRow = {
      ...CHECK,
      id: 9,
      action: 'update',
      entity: 'zona',
      entityId: '3',
      documento: null,
      details: { antes: { nombre: 'Centro', numero: 1 }, nombre: 'Centro Norte', numero: 1 },
      nombres: {},
    };
    mockApi(admin([renamed]));
    renderApp('/auditoria');
    const row = (await screen.findByText('Dra. Ana Gómez')).closest('tr')!;
    expect(row).toHaveTextContent('Modificó la zona Centro Norte (eliminada)');
    expect(row).toHaveTextContent('Nombre: Centro → Centro Norte');
    expect(row).not.toHaveTextContent('Número');
  });

  it('filters sign-ins by what happened, and says each as it is', async () => {
    const failed: AuditoriaRow = {
      ...CHECK,
      id: 8,
      actorNombre: null,
      actorEmail: 'mesa@reddental.example',
      actorRol: 'MESA DE AYUDA',
      action: 'login_failed',
      entity: 'user',
      entityId: '12',
      documento: null,
      details: { paso: 'contraseña' },
    };
    const { requests } = mockApi(admin([failed]));
    renderApp('/auditoria');
    const row = (await screen.findByText('mesa@reddental.example')).closest('tr')!;
    expect(row).toHaveTextContent('Inicio de sesión fallido');
    expect(row).not.toHaveTextContent('usuario 12');
    await userEvent.selectOptions(screen.getByLabelText('Acción'), 'Inicio de sesión fallido');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByText('mesa@reddental.example');
    const last = requests.filter((r) => r.url.pathname === '/api/auditoria').at(-1)!;
    expect(last.url.searchParams.get('accion')).toBe('login_failed');
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const { requests } = mockApi(admin());
    renderApp('/auditoria');
    await screen.findByText('Dra. Ana Gómez');
    const before = requests.length;
    await userEvent.type(screen.getByLabelText('Desde'), '2026-11-20');
    await userEvent.type(screen.getByLabelText('Hasta'), '2026-11-10');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(MESSAGES.auditoria.RANGE_INVALID)).toBeInTheDocument();
    expect(requests.length).toBe(before);
  });
});
