import type { Afiliado, AfiliadoFicha } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { AfiliadoEditModal } from './afiliado-edit-modal.tsx';

const AFILIADO: Afiliado = {
  id: 7,
  nombre: 'Rosa Benítez',
  tipoDocumento: 'DNI',
  documento: '30123456',
  fecha_nacimiento: '1979-08-15',
  obraSocial: { id: 1, nombre: 'OSDE' },
  plan: null,
  numeroAfiliado: null,
  fechaAlta: null,
  fechaBaja: null,
};

const FICHA: AfiliadoFicha = {
  ...AFILIADO,
  email: 'rosa@correo.test',
  emailPendiente: null,
  emailPendienteVencido: false,
  telefono: '011 4000-1234',
};

function renderModal(afiliado: Afiliado = AFILIADO, onClose = vi.fn()) {
  renderWithProviders(
    <AfiliadoEditModal
      afiliado={afiliado}
      obrasSociales={[{ id: 1, nombre: 'OSDE' }]}
      planes={[]}
      onClose={onClose}
    />,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Editar Afiliado' }), onClose };
}

const tiposOf = (dialog: HTMLElement) =>
  within(within(dialog).getByLabelText('Tipo'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('Editar Afiliado', () => {
  it('shows the record’s e-mail as confirmed and its phone, and sends a changed address with the phone', async () => {
    const { requests } = mockApi({
      'GET /api/afiliados/7': FICHA,
      'PUT /api/afiliados/7': {
        ...FICHA,
        emailPendiente: 'rosa.nueva@correo.test',
        telefono: '11 5555-6666',
      },
    });
    const { dialog, onClose } = renderModal();
    const email = within(dialog).getByLabelText('Email');
    // Locked until the record's contact data arrives.
    expect(email).toBeDisabled();
    await waitFor(() => expect(email).toHaveValue('rosa@correo.test'));
    expect(email).toBeEnabled();
    expect(within(dialog).getByLabelText('Teléfono')).toHaveValue('011 4000-1234');
    expect(within(dialog).getByText('Confirmado')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('rosa@correo.test recibe las notificaciones y novedades del portal.');

    await userEvent.clear(email);
    await userEvent.type(email, 'Rosa.Nueva@correo.test');
    const telefono = within(dialog).getByLabelText('Teléfono');
    await userEvent.clear(telefono);
    await userEvent.type(telefono, '11 5555-6666');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Afiliado' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toMatchObject({ email: 'rosa.nueva@correo.test', telefono: '11 5555-6666' });
    expect(
      await screen.findByText(
        'Se guardaron los datos de Rosa Benítez. Se envió un enlace de confirmación a rosa.nueva@correo.test.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the e-mail waits for its confirmation', async () => {
    mockApi({
      'GET /api/afiliados/7': { ...FICHA, emailPendiente: 'rosa.nueva@correo.test' },
    });
    const { dialog } = renderModal();
    expect(await within(dialog).findByText('Pendiente de confirmación')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('rosa.nueva@correo.test');
    expect(dialog).toHaveTextContent(
      'Se envió un enlace a rosa.nueva@correo.test: se usará cuando su dueño lo abra. Hasta entonces, las novedades siguen llegando a rosa@correo.test.',
    );
  });

  it('says when the link ran out', async () => {
    mockApi({
      'GET /api/afiliados/7': {
        ...FICHA,
        email: null,
        emailPendiente: 'vence@correo.test',
        emailPendienteVencido: true,
      },
    });
    const { dialog } = renderModal();
    expect(await within(dialog).findByText('Enlace vencido')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'El enlace enviado a vence@correo.test venció sin abrirse. Guarde el afiliado para enviar uno nuevo. Hasta entonces no recibe novedades por email.',
    );
  });

  it('says a record without e-mail gets no news by mail', async () => {
    mockApi({ 'GET /api/afiliados/7': { ...FICHA, email: null, telefono: null } });
    const { dialog } = renderModal();
    expect(await within(dialog).findByText('Sin email')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('El afiliado no recibe novedades por email.');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('');
  });

  it('refuses a bad e-mail or a phone too long in Spanish before sending anything', async () => {
    const { requests } = mockApi({ 'GET /api/afiliados/7': FICHA });
    const { dialog } = renderModal();
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email).toBeEnabled());
    await userEvent.clear(email);
    await userEvent.type(email, 'rosa@');
    const telefono = within(dialog).getByLabelText('Teléfono');
    await userEvent.clear(telefono);
    await userEvent.type(telefono, '1'.repeat(51));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Afiliado' }));
    expect(await within(dialog).findByText('Email inválido')).toBeInTheDocument();
    expect(within(dialog).getByText('El teléfono no puede tener más de 50 caracteres')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server’s refusal under its field', async () => {
    mockApi({
      'GET /api/afiliados/7': FICHA,
      'PUT /api/afiliados/7': [
        400,
        {
          error: 'Al editar, el tipo de documento puede ser DNI o Pasaporte',
          code: 'VALIDACION',
          fields: { tipoDocumento: 'Al editar, el tipo de documento puede ser DNI o Pasaporte' },
        },
      ],
    });
    const { dialog } = renderModal();
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Afiliado' }));
    expect(
      await within(dialog).findByText('Al editar, el tipo de documento puede ser DNI o Pasaporte'),
    ).toBeInTheDocument();
  });

  it('leaves e-mail and phone out of the save when they could not be read', async () => {
    const { requests } = mockApi({
      'GET /api/afiliados/7': [500, { error: 'Error interno', code: 'ERROR_INTERNO' }],
      'PUT /api/afiliados/7': FICHA,
    });
    const { dialog, onClose } = renderModal();
    expect(
      await within(dialog).findByText(/No se pudieron cargar el email y el teléfono/),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Afiliado' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).not.toHaveProperty('email');
    expect(put.body).not.toHaveProperty('telefono');
  });

  it('offers DNI and Pasaporte, and LE, LC or CI only to a record that has it', async () => {
    mockApi({ 'GET /api/afiliados/7': FICHA });
    const { dialog } = renderModal();
    expect(tiposOf(dialog)).toEqual(['Seleccione el tipo', 'DNI', 'Pasaporte']);
  });

  it.each(['LE', 'LC', 'CI'])('keeps %s on a record of that type', (tipo) => {
    mockApi({ 'GET /api/afiliados/7': { ...FICHA, tipoDocumento: tipo } });
    const { dialog } = renderModal({ ...AFILIADO, tipoDocumento: tipo });
    expect(tiposOf(dialog)).toEqual(['Seleccione el tipo', 'DNI', 'Pasaporte', tipo]);
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue(tipo);
  });
});
