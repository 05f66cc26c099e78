import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session.ts';
import { storeAffiliateSession } from '@/test/factories.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { AffiliateMenu } from './affiliate-menu.tsx';

describe('AffiliateMenu', () => {
  it('offers its four entries', () => {
    renderWithProviders(<AffiliateMenu />, { route: '/cartilla' });
    const nav = screen.getByRole('navigation', { name: 'Menú del afiliado' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Mi Perfil', '/perfil-afiliado'],
      ['Cartilla', '/cartilla'],
      ['Notificaciones', '/notificaciones-afiliado'],
      ['Cerrar Sesión', '/login-afiliado'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Cartilla' })).toHaveAttribute('aria-current', 'page');
  });

  it('folds behind a toggle that says whether it is open', async () => {
    renderWithProviders(<AffiliateMenu />, { route: '/perfil-afiliado' });
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('navigation').id);
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation')).toHaveAttribute('data-open', 'true');

    await userEvent.click(screen.getByRole('link', { name: 'Cartilla' }));
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the session on Cerrar Sesión', async () => {
    storeAffiliateSession();
    renderWithProviders(<AffiliateMenu />, { route: '/perfil-afiliado' });
    await userEvent.click(screen.getByRole('link', { name: 'Cerrar Sesión' }));
    expect(getSession()).toBeNull();
  });
});
