import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session.ts';
import { mockApi } from '@/test/api-mock.ts';
import { storeAffiliateSession } from '@/test/factories.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { AffiliateMenu } from './affiliate-menu.tsx';

describe('AffiliateMenu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the spec’s four entries and the token for the chair', () => {
    renderWithProviders(<AffiliateMenu />, { route: '/cartilla' });
    const nav = screen.getByRole('navigation', { name: 'Menú del afiliado' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Mi Perfil', '/perfil-afiliado'],
      ['Cartilla', '/cartilla'],
      ['Notificaciones', '/notificaciones-afiliado'],
      ['Mis prestaciones', '/prestaciones-afiliado'],
      ['Mi token', '/mi-token'],
      ['Cerrar Sesión', '/login-afiliado'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Cartilla' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks unread notices on Notificaciones and, folded, on the menu button, saying how many', async () => {
    mockApi({ 'GET /api/notificaciones/unread': { Afiliados: 2, Documentación: 1 } });
    renderWithProviders(<AffiliateMenu />, { route: '/cartilla' });
    const nav = screen.getByRole('navigation', { name: 'Menú del afiliado' });
    // jsdom joins the name's parts without the space a browser keeps.
    expect(
      await within(nav).findByRole('link', { name: /^Notificaciones ?\(3 sin leer\)$/ }),
    ).toHaveTextContent('Notificaciones3');
    expect(screen.getByRole('button', { name: 'Abrir menú (3 sin leer)' })).toBeInTheDocument();
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
