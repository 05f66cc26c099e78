import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '@/test/api-mock.ts';
import { renderApp } from '@/test/render-app.tsx';

async function submit(password: string, confirmation = password) {
  await userEvent.type(await screen.findByLabelText('Contraseña'), password);
  await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Recuperar Contraseña' }));
}

/** The check the page makes as it opens: the link still works. */
const USABLE = { 'POST /api/user/restore-password/check': [204] as [number] };
const SPENT = [400, { error: MESSAGES.LINK_SPENT, code: ERROR_CODES.INVALID_TOKEN }];

describe('/recover-password/:id', () => {
  it('has two password fields, each with its own visibility toggle', async () => {
    mockApi(USABLE);
    renderApp('/recover-password/tok');
    await screen.findByLabelText('Contraseña');
    expect(screen.getAllByRole('button', { name: 'Mostrar contraseña' })).toHaveLength(2);
  });

  it('checks the length and the confirmation', async () => {
    const { requests } = mockApi(USABLE);
    renderApp('/recover-password/tok');
    await submit('corta');
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Contraseña'));
    await userEvent.type(screen.getByLabelText('Contraseña'), 'segura1234');
    await userEvent.click(screen.getByRole('button', { name: 'Recuperar Contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    // Only the link's check went out.
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/user/restore-password/check']);
  });

  it("sends the link's token, says 'Recuperando...' meanwhile, then offers the sign-in", async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = mockApi({
      ...USABLE,
      'PUT /api/user/restore-password': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/recover-password/a1B2c3');
    await submit('segura1234');
    expect(await screen.findByRole('button', { name: 'Recuperando...' })).toBeDisabled();
    expect(requests[0]!.body).toEqual({ id: 'a1B2c3' });
    expect(requests[1]!.body).toEqual({ id: 'a1B2c3', password: 'segura1234' });

    answer(jsonResponse(200, {}));
    expect(
      await screen.findByRole('heading', { name: 'Recuperación de contraseña exitosa!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
  });

  it('says a used or expired link is so as the page opens, before any form, and asks for a new one', async () => {
    const { requests } = mockApi({
      'POST /api/user/restore-password/check': SPENT,
      'POST /api/user/recover-password': { message: MESSAGES.RECOVER_MAIL_SENT },
    });
    renderApp('/recover-password/usado');
    const alert = (await screen.findByText('El enlace ya se usó o venció')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('Pida un enlace nuevo con el email de su cuenta');
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pedir un enlace nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar contraseña' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'ana@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(/Le enviamos un e-?mail con el enlace/)).toBeInTheDocument();
    expect(requests.at(-1)!.body).toEqual({ email: 'ana@example.com' });
  });

  it('says so too when the link ran out while the form was being filled in', async () => {
    mockApi({ ...USABLE, 'PUT /api/user/restore-password': SPENT });
    renderApp('/recover-password/a1B2c3');
    await submit('segura1234');
    expect(
      (await screen.findByText('El enlace ya se usó o venció')).closest('[role="alert"]'),
    ).not.toBeNull();
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
  });

  it('shows the form when the check itself cannot be made, and its failure after sending', async () => {
    mockApi({
      'POST /api/user/restore-password/check': () => Promise.reject(new TypeError('Failed to fetch')),
      'PUT /api/user/restore-password': [500, { error: MESSAGES.UNEXPECTED }],
    });
    renderApp('/recover-password/a1B2c3');
    await submit('segura1234');
    const message = await screen.findByText('Ha ocurrido un error al intentar recuperar la contraseña');
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });
});
