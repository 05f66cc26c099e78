import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
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
});
