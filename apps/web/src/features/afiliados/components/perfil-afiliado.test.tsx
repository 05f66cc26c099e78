import { MESSAGES } from '@red-dental/contracts';
import { buildAfiliadoProfile } from '@red-dental/testing/responses';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { storeAffiliateSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const PROFILE = buildAfiliadoProfile();

/** The same profile as a session opened with the document alone sees it. */
const PARTIAL = buildAfiliadoProfile({
  email: 'lu***@example.com',
  telefono: '11 ****-0000',
  contactoOculto: true,
});

afterEach(() => vi.useRealTimers());

// The editing form is a file of its own, fetched when 'Editar' is pressed; `offline` makes that fetch fail.
const editFile = vi.hoisted(() => ({ offline: false }));
vi.mock('./perfil-afiliado-edit.tsx', async (importOriginal) => {
  if (editFile.offline) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

/** Presses 'Editar' and waits for the form, whose module loads with the first press. */
async function startEditing() {
  await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
  await screen.findByRole('button', { name: 'Guardar Cambios' });
}

describe('/perfil-afiliado', () => {
  // First in the file: once the editing form has arrived, the page keeps it.
  it("keeps the profile and says so when the editing form cannot be fetched; 'Editar' tries again", async () => {
    mockApi({ 'GET /api/afiliados/profile': PROFILE });
    storeAffiliateSession();
    renderApp('/perfil-afiliado');
    editFile.offline = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(await screen.findByText(MESSAGES.afiliados.EDIT_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Editar' })).toBeEnabled();

    editFile.offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
    await screen.findByRole('button', { name: 'Guardar Cambios' });
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Editar' })).toHaveFocus());
  });

  it('shows name, document and birth date read-only, e-mail and phone editable only after Editar', async () => {
    mockApi({ 'GET /api/afiliados/profile': PROFILE });
    storeAffiliateSession();
    renderApp('/perfil-afiliado');
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Lucía Fernández');
    expect(screen.getByText(/^Plan:/)).toHaveTextContent('Plan: Plan 210 · N.º de afiliado: 60-123456-01');
    expect(screen.getByLabelText('Documento')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(
      screen.getByText('Ingrese su e-mail para recibir notificaciones y novedades!'),
    ).toBeInTheDocument();

    await startEditing();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('readonly');
    // Staff keep the birth date: it may be the portal's second factor.
    expect(screen.getByLabelText('Fecha de Nacimiento')).toHaveAttribute('readonly');
    expect(screen.getByText('Para corregirla, comuníquese con la red.')).toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono/Movil')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('readonly');

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'otro');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByLabelText('Email')).toHaveValue('lucia@example.com');
    expect(screen.queryByRole('button', { name: 'Guardar Cambios' })).not.toBeInTheDocument();
  });

  it("rejects a malformed e-mail with 'Email inválido'", async () => {
    const { requests } = mockApi({ 'GET /api/afiliados/profile': PROFILE });
    storeAffiliateSession();
    renderApp('/perfil-afiliado');
    await startEditing();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'lucia@');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('saves, shows the pending address and the success banner for 3 seconds', async () => {
    const saved = { ...PROFILE, telefono: '', emailPendiente: 'nueva@example.com' };
    const { requests } = mockApi({
      'GET /api/afiliados/profile': () => (requests.some((r) => r.method === 'PUT') ? saved : PROFILE),
      'PUT /api/afiliados/profile': saved,
    });
    storeAffiliateSession();
    renderApp('/perfil-afiliado');
    await startEditing();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'nueva@example.com');
    await userEvent.clear(screen.getByLabelText('Teléfono/Movil'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    expect(await screen.findByText('¡Datos actualizados exitosamente!')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      email: 'nueva@example.com',
      telefono: '',
    });
    expect(screen.getByText(/está pendiente de confirmación/)).toHaveTextContent(
      'nueva@example.com está pendiente de confirmación. Le enviamos un enlace a esa dirección',
    );
    expect(screen.getByText(/está pendiente de confirmación/)).toHaveTextContent(
      'las novedades siguen llegando a lucia@example.com',
    );
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(screen.queryByText('¡Datos actualizados exitosamente!')).not.toBeInTheDocument();
  });

  it('shows contact data in part, and sends only what the affiliate typed over it', async () => {
    const saved = { ...PARTIAL, telefono: '11 ****-2290' };
    const { requests } = mockApi({
      'GET /api/afiliados/profile': () => (requests.some((r) => r.method === 'PUT') ? saved : PARTIAL),
      'PUT /api/afiliados/profile': saved,
    });
    storeAffiliateSession();
    renderApp('/perfil-afiliado');
    expect(await screen.findByLabelText('Email')).toHaveValue('lu***@example.com');
    expect(screen.getByLabelText('Teléfono/Movil')).toHaveValue('11 ****-0000');
    expect(
      screen.getByText('Por su seguridad, su email y su teléfono se muestran solo en parte.'),
    ).toBeInTheDocument();

    await startEditing();
    // The fields start empty, showing what they hold as a placeholder: nothing is typed over a mask.
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveAttribute('placeholder', 'lu***@example.com');
    expect(screen.getByText(/si deja el campo vacío, se conserva el actual/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Teléfono/Movil'), '11 4800-2290');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('¡Datos actualizados exitosamente!')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ telefono: '11 4800-2290' });
    expect(screen.getByLabelText('Teléfono/Movil')).toHaveValue('11 ****-2290');
  });

  it('shows the failure banner for 5 seconds', async () => {
    mockApi({
      'GET /api/afiliados/profile': PROFILE,
      'PUT /api/afiliados/profile': [500, { error: 'x', code: 'ERROR_INTERNO' }],
    });
    storeAffiliateSession();
    renderApp('/perfil-afiliado');
    await startEditing();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Ocurrió un error al actualizar los datos.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByText('Ocurrió un error al actualizar los datos.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(screen.queryByText('Ocurrió un error al actualizar los datos.')).not.toBeInTheDocument();
  });

  it('says when the profile cannot be loaded', async () => {
    mockApi({ 'GET /api/afiliados/profile': [500, { error: 'x', code: 'ERROR_INTERNO' }] });
    storeAffiliateSession();
    renderApp('/perfil-afiliado');
    expect(await screen.findByText('Error al cargar los datos del perfil.')).toBeInTheDocument();
  });
});
