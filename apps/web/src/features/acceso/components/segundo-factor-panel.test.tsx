import { MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

function signedIn(estado: { activo: boolean; obligatorio: boolean; codigosRestantes: number }) {
  const user = makeSessionUser('ADMINISTRATIVO');
  storeStaffSession(user);
  return {
    'GET /api/user/me': user,
    'GET /api/notificaciones/unread': {},
    'GET /api/user/sesiones': [],
    'GET /api/user/2fa': estado,
  };
}

describe('Mi cuenta: two-factor sign-in', () => {
  it('turns it on: scan, first code, then the recovery codes shown once', async () => {
    const { requests } = mockApi({
      ...signedIn({ activo: false, obligatorio: false, codigosRestantes: 0 }),
      'POST /api/user/2fa/configurar': {
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
        qr: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
      'POST /api/user/2fa/activar': { recoveryCodes: ['AAAAA-BBBBB'] },
    });
    renderApp('/mi-cuenta');
    await userEvent.click(await screen.findByRole('button', { name: 'Activar' }));
    const dialog = screen.getByRole('dialog', { name: 'Activar la verificación en dos pasos' });
    expect(await within(dialog).findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Código'), '123456');
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'Clave-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));
    expect(await screen.findByRole('dialog', { name: 'Verificación activada' })).toHaveTextContent(
      'AAAAA-BBBBB',
    );
    expect(requests.filter((r) => r.url.pathname === '/api/user/2fa/configurar')).toHaveLength(1);
    expect(requests.find((r) => r.url.pathname === '/api/user/2fa/activar')?.body).toEqual({
      codigo: '123456',
      currentPassword: 'Clave-2026',
    });
  });

  it('turns it off with the current password, and offers no way off where it is required', async () => {
    mockApi({
      ...signedIn({ activo: true, obligatorio: false, codigosRestantes: 7 }),
      'POST /api/user/2fa/desactivar': { message: MESSAGES.acceso.DISABLED },
    });
    renderApp('/mi-cuenta');
    expect(await screen.findByText(/quedan 7 códigos de recuperación/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    const dialog = screen.getByRole('dialog', { name: 'Desactivar la verificación en dos pasos' });
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'Clave-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.acceso.DISABLED);
  });

  it('shows a wrong current password on its field', async () => {
    mockApi({
      ...signedIn({ activo: false, obligatorio: false, codigosRestantes: 0 }),
      'POST /api/user/2fa/configurar': { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:,' },
      'POST /api/user/2fa/activar': [
        400,
        {
          error: MESSAGES.CURRENT_PASSWORD_WRONG,
          code: 'VALIDACION',
          fields: { currentPassword: MESSAGES.CURRENT_PASSWORD_WRONG },
        },
      ],
    });
    renderApp('/mi-cuenta');
    await userEvent.click(await screen.findByRole('button', { name: 'Activar' }));
    const dialog = screen.getByRole('dialog', { name: 'Activar la verificación en dos pasos' });
    await userEvent.type(within(dialog).getByLabelText('Código'), '123456');
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'otra');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));
    expect(await within(dialog).findByText(MESSAGES.CURRENT_PASSWORD_WRONG)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Contraseña actual')).toHaveAccessibleDescription(
      MESSAGES.CURRENT_PASSWORD_WRONG,
    );
  });

  it('keeps a session the server holds to setting it up on Mi cuenta, saying why', async () => {
    mockApi({
      ...signedIn({ activo: false, obligatorio: true, codigosRestantes: 0 }),
      'GET /api/afiliados/paginated': [
        403,
        { error: MESSAGES.acceso.SETUP_REQUIRED, code: 'SEGUNDO_FACTOR_REQUERIDO' },
      ],
    });
    renderApp('/afiliados');
    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.acceso.SETUP_REQUIRED)).toHaveAttribute('role', 'alert');
  });

  it('says when the network requires it', async () => {
    mockApi(signedIn({ activo: true, obligatorio: true, codigosRestantes: 10 }));
    renderApp('/mi-cuenta');
    expect(await screen.findByText(/La red la exige para su rol/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desactivar' })).not.toBeInTheDocument();
  });
});
