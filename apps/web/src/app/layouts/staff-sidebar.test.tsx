import type { PermissionName, RoleName } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession, TOKEN_KEY } from '@/lib/session.ts';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { StaffSidebar } from './staff-sidebar.tsx';

function renderSidebar(
  role: RoleName,
  unread: Record<string, number> | [number, unknown] = {},
  route = '/afiliados',
) {
  storeStaffSession(makeSessionUser(role));
  const api = mockApi({ 'GET /api/notificaciones/unread': unread });
  renderWithProviders(<StaffSidebar />, { route });
  return api;
}

const entryNames = () =>
  within(screen.getByRole('navigation', { name: 'Menú principal' }))
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());

describe('StaffSidebar', () => {
  it('shows pending sign-up requests on Profesionales to whoever may answer them', async () => {
    storeStaffSession(makeSessionUser('ADMINISTRADOR'));
    mockApi({ 'GET /api/tablero/pendientes': { solicitudes: 3, reportes: 1, confirmaciones: 2 } });
    renderWithProviders(<StaffSidebar />, { route: '/afiliados' });
    expect(
      // jsdom joins the name's parts without the space a browser keeps.
      await screen.findByRole('link', { name: /^Profesionales ?\(3 solicitudes pendientes\)$/ }),
    ).toHaveTextContent('3');
  });

  it('does not ask for pending requests without the permission to answer them', async () => {
    const { requests } = renderSidebar('ADMINISTRATIVO');
    await screen.findByRole('link', { name: 'Profesionales' });
    expect(requests.some((r) => r.url.pathname === '/api/tablero/pendientes')).toBe(false);
  });

  it.each<[RoleName, string[]]>([
    [
      'ADMINISTRADOR',
      [
        'Red Dental',
        'Profesionales',
        'Afiliados',
        'Obras Sociales',
        'Notificaciones',
        'Auditoría odontológica',
        'Cierre del mes',
        'Tablero',
        'Catálogos',
        'Nomenclador',
        'Convenios',
        'Planes',
        'Usuarios',
        'Roles',
        'Auditoría',
        'Cerrar Sesión',
      ],
    ],
    [
      'ADMINISTRATIVO',
      [
        'Red Dental',
        'Profesionales',
        'Afiliados',
        'Obras Sociales',
        'Notificaciones',
        'Tablero',
        'Catálogos',
        'Nomenclador',
        'Convenios',
        'Planes',
        'Cerrar Sesión',
      ],
    ],
    [
      'PRESTADOR',
      [
        'Red Dental',
        'Mi Perfil',
        'Afiliados',
        'Notificaciones',
        'Atender',
        'Mis prestaciones',
        'Autorizaciones',
        'Mis liquidaciones',
        'Nomenclador',
        'Convenios',
        'Planes',
        'Cerrar Sesión',
      ],
    ],
    [
      'AUDITOR ODONTOLÓGICO',
      [
        'Red Dental',
        'Profesionales',
        'Afiliados',
        'Obras Sociales',
        'Notificaciones',
        'Auditoría odontológica',
        'Tablero',
        'Nomenclador',
        'Convenios',
        'Planes',
        'Cerrar Sesión',
      ],
    ],
  ])('shows %s exactly the entries it may use', (role, entries) => {
    renderSidebar(role);
    expect(entryNames()).toEqual(entries);
  });

  it.each<[string, PermissionName[], string[]]>([
    // The code table and the contracts open for the whole back office.
    ['modifying affiliates', ['AFILIADOS.UPDATE'], ['Notificaciones', 'Nomenclador', 'Convenios', 'Planes']],
    [
      'loading affiliates',
      ['AFILIADOS.CREATE'],
      ['Afiliados', 'Notificaciones', 'Tablero', 'Nomenclador', 'Convenios', 'Planes'],
    ],
    [
      'seeing professionals',
      ['PROFESSIONALS.GET'],
      ['Profesionales', 'Notificaciones', 'Tablero', 'Nomenclador', 'Convenios', 'Planes'],
    ],
    // A staff account has no professional record to keep.
    [
      'keeping the own profile',
      ['PROFESSIONALS.UPDATE_PROFILE'],
      ['Notificaciones', 'Nomenclador', 'Convenios', 'Planes'],
    ],
  ])(
    'shows a custom role %s the entries of the screens it opens, and no other',
    (_what, permissions, entries) => {
      storeStaffSession(makeSessionUser({ permissions: ['BACKOFFICE_ACCESS', ...permissions] }));
      mockApi({ 'GET /api/notificaciones/unread': {} });
      renderWithProviders(<StaffSidebar />, { route: '/notificaciones' });
      expect(entryNames()).toEqual(['Red Dental', ...entries, 'Cerrar Sesión']);
    },
  );

  it.each<[string, RoleName | { permissions: PermissionName[] }, string]>([
    ['a dentist', 'PRESTADOR', '/afiliados'],
    ['a role without Afiliados', { permissions: ['BACKOFFICE_ACCESS', 'USERS.GET'] }, '/notificaciones'],
  ])(
    'leads the brand of %s to /afiliados, or to the landing page when that does not open',
    (_who, role, home) => {
      storeStaffSession(makeSessionUser(role));
      mockApi({ 'GET /api/notificaciones/unread': {} });
      renderWithProviders(<StaffSidebar />, { route: '/mi-cuenta' });
      expect(screen.getByRole('link', { name: 'Red Dental' })).toHaveAttribute('href', home);
    },
  );

  it('highlights the entry of the current path, sub-pages included', () => {
    renderSidebar('ADMINISTRADOR', {}, '/profesionales/solicitudes');
    expect(screen.getByRole('link', { name: 'Profesionales' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Afiliados' })).not.toHaveAttribute('aria-current');
  });

  it('marks unread notifications for users who cannot create affiliates', async () => {
    renderSidebar('PRESTADOR', { 'Comunicación al prestador': 2, Documentación: 0 });
    expect(await screen.findByTestId('unread-marker')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Notificaciones/ })).toHaveAccessibleName(
      'Notificaciones (tiene notificaciones sin leer)',
    );
  });

  it('shows no marker when every count is zero', async () => {
    const { requests } = renderSidebar('PRESTADOR', { Documentación: 0 });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByTestId('unread-marker')).not.toBeInTheDocument();
  });

  it('never asks for unread counts for administrative staff', async () => {
    const { requests } = renderSidebar('ADMINISTRATIVO', { Afiliados: 3 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
    expect(screen.queryByTestId('unread-marker')).not.toBeInTheDocument();
  });

  it('does not break when the unread check fails; it only logs', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderSidebar('PRESTADOR', [404, { error: 'Recurso no encontrado', code: 'NO_ENCONTRADO' }]);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-marker')).not.toBeInTheDocument();
  });

  it('logs out through a link to /login that forgets the token', async () => {
    renderSidebar('PRESTADOR');
    const logout = screen.getByRole('link', { name: 'Cerrar Sesión' });
    expect(logout).toHaveAttribute('href', '/login');
    await userEvent.click(logout);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
