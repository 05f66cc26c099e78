import { MESSAGES } from '@red-dental/contracts';
import { buildSolicitud } from '@red-dental/testing/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const ANA = buildSolicitud(7, {
  nombre: 'Ana Ruiz',
  razonSocial: 'Consultorio Ruiz',
  email: 'ana@consultorio.example',
  user: { id: 31 },
  matricula: 'MP 4567',
});

function admin() {
  const user = makeSessionUser('ADMINISTRADOR');
  storeStaffSession(user);
  return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} };
}

describe('/profesionales/solicitudes', () => {
  it('lists the requests with name, razón social and licence, and accepts one', async () => {
    let pending = [ANA];
    const { requests } = mockApi({
      ...admin(),
      'GET /api/profesionales/solicitudes': () => pending,
      'PUT /api/user/solicitudes/31': () => {
        pending = [];
        return { id: 31 };
      },
    });
    renderApp('/profesionales/solicitudes');
    const table = await screen.findByRole('table', { name: 'Solicitudes pendientes' });
    const row = (await within(table).findByText('Ana Ruiz')).closest('tr')!;
    expect(row).toHaveTextContent('Consultorio Ruiz');
    expect(row).toHaveTextContent('MP 4567 · Córdoba');
    expect(row).toHaveTextContent('ana@consultorio.exampleConfirmado');
    expect(screen.getByRole('link', { name: 'Volver a Profesionales' })).toHaveAttribute(
      'href',
      '/profesionales',
    );

    await userEvent.click(within(row).getByRole('button', { name: 'Aceptar la solicitud de Ana Ruiz' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se aceptó la solicitud de Ana Ruiz');
    await waitFor(() => expect(screen.queryByText('Ana Ruiz')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'PUT' && r.url.pathname === '/api/user/solicitudes/31')).toBe(
      true,
    );
  });

  it("marks a request whose address is not confirmed, and shows the server's refusal of Aceptar", async () => {
    mockApi({
      ...admin(),
      'GET /api/profesionales/solicitudes': [{ ...ANA, emailConfirmado: false }],
      'PUT /api/user/solicitudes/31': [409, { error: MESSAGES.REQUEST_EMAIL_UNCONFIRMED, code: 'CONFLICTO' }],
    });
    renderApp('/profesionales/solicitudes');
    const row = (await screen.findByText('Ana Ruiz')).closest('tr')!;
    expect(within(row).getByText('Sin confirmar')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Aceptar la solicitud de Ana Ruiz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.REQUEST_EMAIL_UNCONFIRMED);
    expect(screen.getByText('Ana Ruiz')).toBeInTheDocument();
  });

  it('rejects with a reason after confirming, then says it was rejected', async () => {
    const { requests } = mockApi({
      ...admin(),
      'GET /api/profesionales/solicitudes': [ANA],
      'DELETE /api/user/rechazar/31': [204],
    });
    renderApp('/profesionales/solicitudes');
    await userEvent.click(await screen.findByRole('button', { name: 'Rechazar la solicitud de Ana Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmación de rechazo' });
    expect(dialog).toHaveTextContent('Seguro que deseas rechazar la solicitud?');
    await userEvent.type(
      within(dialog).getByLabelText('Motivo (opcional)'),
      'La matrícula no figura en el padrón',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    const done = await screen.findByRole('dialog', { name: 'Solicitud Rechazada' });
    expect(done).toHaveTextContent('La solicitud ha sido rechazada exitosamente');
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      motivo: 'La matrícula no figura en el padrón',
    });
    await userEvent.click(within(done).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the product's message inside the modal when the rejection fails", async () => {
    mockApi({
      ...admin(),
      'GET /api/profesionales/solicitudes': [ANA],
      'DELETE /api/user/rechazar/31': [
        409,
        { error: 'La solicitud ya no está pendiente', code: 'CONFLICTO' },
      ],
    });
    renderApp('/profesionales/solicitudes');
    await userEvent.click(await screen.findByRole('button', { name: 'Rechazar la solicitud de Ana Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmación de rechazo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.profesionales.REJECT_FAILED);
  });
});
