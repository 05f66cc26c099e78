import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app.tsx';

describe('/login', () => {
  it("'Registrarse' warns that the area is for professionals, with a way back and a way on", async () => {
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Registrarse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Área exclusiva para profesionales' });
    expect(within(dialog).getByRole('link', { name: 'Volver al sitio' })).toHaveAttribute(
      'href',
      'https://www.reddental.com.ar',
    );
    expect(within(dialog).getByRole('link', { name: 'Continuar al registro' })).toHaveAttribute(
      'href',
      '/registro',
    );
  });
});
