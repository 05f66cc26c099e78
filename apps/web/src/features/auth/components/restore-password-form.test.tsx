import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '@/test/api-mock.ts';
import { renderApp } from '@/test/render-app.tsx';

async function submit(password: string, confirmation = password) {
  await userEvent.type(await screen.findByLabelText('Contraseña'), password);
  await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Recuperar Contraseña' }));
}

describe('/recover-password/:id', () => {
  it('has two password fields, each with its own visibility toggle', async () => {
    renderApp('/recover-password/tok');
    await screen.findByLabelText('Contraseña');
    expect(screen.getAllByRole('button', { name: 'Mostrar contraseña' })).toHaveLength(2);
  });

  it('checks the length and the confirmation', async () => {
    const { requests } = mockApi({});
    renderApp('/recover-password/tok');
    await submit('corta');
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Contraseña'));
    await userEvent.type(screen.getByLabelText('Contraseña'), 'segura1234');
    await userEvent.click(screen.getByRole('button', { name: 'Recuperar Contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("sends the link's token, says 'Recuperando...' meanwhile, then offers the sign-in", async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = mockApi({
      'PUT /api/user/restore-password': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/recover-password/a1B2c3');
    await submit('segura1234');
    expect(await screen.findByRole('button', { name: 'Recuperando...' })).toBeDisabled();
    expect(requests[0]!.body).toEqual({ id: 'a1B2c3', password: 'segura1234' });

    answer(jsonResponse(200, {}));
    expect(
      await screen.findByRole('heading', { name: 'Recuperación de contraseña exitosa!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
  });

  it('says the recovery failed for a used or expired link', async () => {
    mockApi({
      'PUT /api/user/restore-password': [
        400,
        { error: 'El enlace de recuperación no es válido o ya fue utilizado', code: 'VALIDACION' },
      ],
    });
    renderApp('/recover-password/usado');
    await submit('segura1234');
    const message = await screen.findByText('Ha ocurrido un error al intentar recuperar la contraseña');
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });
});
