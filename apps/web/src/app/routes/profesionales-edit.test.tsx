import type { PermissionName } from '@red-dental/contracts';
import {
  buildProfesional,
  buildProfesionalRow,
  ESPECIALIDADES_RESPONSE,
} from '@red-dental/testing/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

/** A staff member of a custom role on the professionals' list, with Laura Benítez (7) in it. */
function setup(...permissions: PermissionName[]) {
  const user = makeSessionUser({ permissions: ['BACKOFFICE_ACCESS', ...permissions] });
  storeStaffSession(user);
  const api = mockApi({
    'GET /api/user/me': user,
    'GET /api/notificaciones/unread': {},
    'GET /api/profesionales/paginated': {
      rows: [buildProfesionalRow(7, { nombre: 'Laura Benítez' })],
      rowCount: 1,
    },
    'GET /api/profesionales/7': buildProfesional(),
    'GET /api/profesionales/7/reportes': [],
    'GET /api/especialidades': ESPECIALIDADES_RESPONSE,
    'GET /api/obra-sociales/list': [{ id: 10, nombre: 'OSDE' }],
    'GET /api/zonas': [{ id: 3, nombre: 'Norte', numero: 3 }],
  });
  renderApp('/profesionales');
  return api;
}

describe('/profesionales/edit/{id} for who only sees professionals', () => {
  it('opens the profile from the list to see it, with nothing to change and nothing it could not do', async () => {
    const { requests } = setup('PROFESSIONALS.GET');
    const table = await screen.findByRole('table', { name: 'Profesionales' });
    expect(within(table).queryByRole('link', { name: /Editar/ })).not.toBeInTheDocument();
    await userEvent.click(await within(table).findByRole('link', { name: 'Ver a Laura Benítez' }));

    // The profile's screen loads its module on the way: more than the usual wait on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Laura Benítez', level: 2 }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No tiene acceso a esta sección' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: /Volver a Profesionales/ })).toHaveAttribute(
      'href',
      '/profesionales',
    );
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verificar matrícula' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /recordatorio/i })).not.toBeInTheDocument();
    // The reports on the listing are PROFESSIONALS.UPDATE's: not even asked for.
    expect(requests.some((r) => r.url.pathname === '/api/profesionales/7/reportes')).toBe(false);
  });

  it('keeps Editar and the rest for who also modifies professionals', async () => {
    setup('PROFESSIONALS.GET', 'PROFESSIONALS.UPDATE');
    const table = await screen.findByRole('table', { name: 'Profesionales' });
    await userEvent.click(await within(table).findByRole('link', { name: 'Editar a Laura Benítez' }));
    expect(await screen.findByRole('button', { name: 'Editar' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificar matrícula' })).toBeInTheDocument();
  });
});
