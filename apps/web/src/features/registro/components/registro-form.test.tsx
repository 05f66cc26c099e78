import { MESSAGES } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { renderApp } from '@/test/render-app.tsx';

async function fill(values: { nombre?: string; email?: string; password?: string; razonSocial?: string }) {
  if (values.nombre) await userEvent.type(await screen.findByLabelText('Nombre Completo'), values.nombre);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText('Contraseña'), values.password);
  if (values.razonSocial) await userEvent.type(screen.getByLabelText('Razón social'), values.razonSocial);
  await userEvent.click(screen.getByRole('button', { name: 'Registrar' }));
}

describe('/registro', () => {
  it('checks every field on submit and says so in a modal', async () => {
    const { requests } = mockApi({});
    renderApp('/registro');
    await screen.findByLabelText('Nombre Completo');
    await fill({});
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Por favor, corrija los errores en el formulario antes de continuar.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entendido' }));

    expect(screen.getByText('El nombre es requerido')).toBeInTheDocument();
    expect(screen.getByText('El email es requerido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es requerida')).toBeInTheDocument();
    expect(screen.getByText('La razón social es requerida')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('checks lengths and the e-mail shape', async () => {
    mockApi({});
    renderApp('/registro');
    await fill({ nombre: 'Al', email: 'ana@consultorio', password: 'corta', razonSocial: 'Consultorio' });
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Entendido' }),
    );
    expect(screen.getByText('El nombre debe tener al menos 3 caracteres')).toBeInTheDocument();
    expect(screen.getByText('El email no es válido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
  });

  it('registers and asks to check the mailbox, offering the sign-in', async () => {
    const { requests } = mockApi({ 'POST /api/registro': [201, { id: 12 }] });
    const { router } = renderApp('/registro');
    await fill({
      nombre: 'Ana Ruiz',
      email: 'Ana@Consultorio.com',
      password: 'segura1234',
      razonSocial: 'Consultorio Ruiz',
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Revise su casilla de correo para confirmación.');
    expect(requests[0]!.body).toEqual({
      nombre: 'Ana Ruiz',
      email: 'ana@consultorio.com',
      password: 'segura1234',
      razonSocial: 'Consultorio Ruiz',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Iniciar Sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends the licence when one is given', async () => {
    const { requests } = mockApi({ 'POST /api/registro': [201, { id: 13 }] });
    renderApp('/registro');
    await userEvent.type(await screen.findByLabelText('Matrícula'), 'MP 4567');
    await userEvent.selectOptions(screen.getByLabelText('Jurisdicción de la matrícula'), 'Córdoba');
    await fill({
      nombre: 'Ana Ruiz',
      email: 'ana@consultorio.com',
      password: 'segura1234',
      razonSocial: 'Consultorio Ruiz',
    });
    await screen.findByRole('dialog');
    expect(requests[0]!.body).toMatchObject({ matricula: 'MP 4567', matriculaJurisdiccion: 'Córdoba' });
  });

  it('shows a password the server refuses as too common under the password field', async () => {
    mockApi({
      'POST /api/registro': [
        400,
        {
          error: MESSAGES.PASSWORD_COMMON,
          code: 'VALIDACION',
          fields: { password: MESSAGES.PASSWORD_COMMON },
        },
      ],
    });
    renderApp('/registro');
    await fill({
      nombre: 'Ana Ruiz',
      email: 'ana@consultorio.com',
      password: 'password123',
      razonSocial: 'Consultorio Ruiz',
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Por favor, corrija los errores en el formulario antes de continuar.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      expect.stringContaining('Esa contraseña es demasiado común. Elija otra más difícil de adivinar.'),
    );
  });

  it("shows the server's error in a modal with Entendido", async () => {
    mockApi({ 'POST /api/registro': [409, { error: MESSAGES.EMAIL_TAKEN, code: 'CONFLICTO' }] });
    renderApp('/registro');
    await fill({
      nombre: 'Ana Ruiz',
      email: 'ana@consultorio.com',
      password: 'segura1234',
      razonSocial: 'Consultorio Ruiz',
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('El email ya está registrado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links to the sign-in', async () => {
    renderApp('/registro');
    expect(await screen.findByRole('link', { name: 'Inicie sesión' })).toHaveAttribute('href', '/login');
  });
});
