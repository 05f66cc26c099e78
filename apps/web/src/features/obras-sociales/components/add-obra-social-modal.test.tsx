import { MESSAGES } from '@red-dental/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { AddObraSocialModal } from './add-obra-social-modal.tsx';

const CREATED = { id: 12, nombre: 'OSPEDYC', mail: ['a@ospedyc.example'], telefono: [], afiliadoCount: 0 };

function renderModal() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<AddObraSocialModal isOpen onClose={onClose} onCreated={onCreated} />);
  return { onCreated, onClose };
}

describe('AddObraSocialModal', () => {
  it('adds and removes phones and mails, never the first one, and mails are e-mail inputs', async () => {
    mockApi({});
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Agregar Obra Social' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Quitar/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mail 1')).toHaveAttribute('type', 'email');

    await userEvent.click(screen.getByRole('button', { name: 'Agregar otro teléfono' }));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar otro mail' }));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar otro mail' }));
    expect(screen.getByLabelText('Teléfono 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Mail 3')).toHaveAttribute('type', 'email');

    await userEvent.click(screen.getByRole('button', { name: 'Quitar mail 2' }));
    expect(screen.queryByLabelText('Mail 3')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quitar mail 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar teléfono 2' })).toBeInTheDocument();
  });

  it('requires a name and checks each mail before sending', async () => {
    const { requests } = mockApi({});
    renderModal();
    await userEvent.type(screen.getByLabelText('Mail 1'), 'no-es-un-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Obra Social' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('Email inválido')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('checks that each phone looks like one before sending, under the phone it concerns', async () => {
    const { requests } = mockApi({});
    renderModal();
    await userEvent.type(screen.getByLabelText('Nombre'), 'OSPEDYC');
    await userEvent.type(screen.getByLabelText('Teléfono 1'), '011 4321-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar otro teléfono' }));
    await userEvent.type(screen.getByLabelText('Teléfono 2'), 'Preguntar por Marta');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Obra Social' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Teléfono 2')).toHaveAccessibleDescription(MESSAGES.PHONE_INVALID),
    );
    expect(screen.getByLabelText('Teléfono 1')).not.toHaveAccessibleDescription(MESSAGES.PHONE_INVALID);
    expect(requests).toHaveLength(0);
  });

  it("shows the server's refusal of a phone under that phone", async () => {
    mockApi({
      'POST /api/obra-sociales': [
        400,
        {
          error: MESSAGES.PHONE_INVALID,
          code: 'VALIDACION',
          fields: { 'telefono.1': MESSAGES.PHONE_INVALID },
        },
      ],
    });
    renderModal();
    await userEvent.type(screen.getByLabelText('Nombre'), 'OSPEDYC');
    await userEvent.type(screen.getByLabelText('Teléfono 1'), '011 4321-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar otro teléfono' }));
    await userEvent.type(screen.getByLabelText('Teléfono 2'), '0800-222-4662');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Obra Social' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Teléfono 2')).toHaveAccessibleDescription(MESSAGES.PHONE_INVALID),
    );
  });

  it('sends the lists without empty entries and hands back the new insurer', async () => {
    const { requests } = mockApi({ 'POST /api/obra-sociales': [201, CREATED] });
    const { onCreated, onClose } = renderModal();
    await userEvent.type(screen.getByLabelText('Nombre'), 'OSPEDYC');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar otro mail' }));
    await userEvent.type(screen.getByLabelText('Mail 2'), 'a@ospedyc.example');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Obra Social' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED));
    expect(requests[0]!.body).toEqual({ nombre: 'OSPEDYC', telefono: [], mail: ['a@ospedyc.example'] });
    expect(onClose).toHaveBeenCalled();
  });

  it('says the insurer could not be added when the server refuses it', async () => {
    mockApi({
      'POST /api/obra-sociales': [
        409,
        { error: 'Ya existe una obra social con ese nombre', code: 'CONFLICTO' },
      ],
    });
    const { onCreated } = renderModal();
    await userEvent.type(screen.getByLabelText('Nombre'), 'OSDE');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Obra Social' }));
    expect(
      await screen.findByText(
        'Error: No se pudo agregar la obra social. Ya existe una obra social con ese nombre',
      ),
    ).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('asks to try again when the request does not complete', async () => {
    mockApi({
      'POST /api/obra-sociales': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderModal();
    await userEvent.type(screen.getByLabelText('Nombre'), 'OSDE');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Obra Social' }));
    expect(
      await screen.findByText('Error al enviar el formulario. Por favor, intenta de nuevo.'),
    ).toBeInTheDocument();
  });

  it('edits an insurer: starts from its data, sends the change and says it was saved', async () => {
    const osde = { id: 4, nombre: 'OSDE', mail: [], telefono: ['0800-555-6733'], afiliadoCount: 120 };
    const { requests } = mockApi({
      'PUT /api/obra-sociales/4': ({ body }: MockRequest) => [200, { ...osde, ...(body as object) }],
    });
    const onClose = vi.fn();
    renderWithProviders(<AddObraSocialModal isOpen onClose={onClose} obraSocial={osde} />);
    expect(screen.getByRole('dialog', { name: 'Editar Obra Social' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('OSDE');
    expect(screen.getByLabelText('Teléfono 1')).toHaveValue('0800-555-6733');
    await userEvent.clear(screen.getByLabelText('Nombre'));
    await userEvent.type(screen.getByLabelText('Nombre'), 'OSDE Binario');
    await userEvent.type(screen.getByLabelText('Mail 1'), 'info@osde.example');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      nombre: 'OSDE Binario',
      telefono: ['0800-555-6733'],
      mail: ['info@osde.example'],
    });
    expect(await screen.findByText(MESSAGES.obrasSociales.UPDATED('OSDE Binario'))).toBeInTheDocument();
  });

  it('says why a change was refused, under the field it concerns', async () => {
    const osde = { id: 4, nombre: 'OSDE', mail: [], telefono: [], afiliadoCount: 0 };
    mockApi({
      'PUT /api/obra-sociales/4': [
        409,
        { error: MESSAGES.obrasSociales.DUPLICATE, fields: { nombre: MESSAGES.obrasSociales.DUPLICATE } },
      ],
    });
    renderWithProviders(<AddObraSocialModal isOpen onClose={vi.fn()} obraSocial={osde} />);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(new RegExp(MESSAGES.obrasSociales.UPDATE_FAILED))).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription(MESSAGES.obrasSociales.DUPLICATE);
  });
});
