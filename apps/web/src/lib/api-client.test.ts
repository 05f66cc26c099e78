import { MESSAGES } from '@red-dental/contracts';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '@/test/api-mock.ts';
import { storeStaffSession } from '@/test/factories.ts';
import { ApiError, apiRequest, buildUrl, errorMessage } from './api-client.ts';
import { toFormData } from './api-files.ts';
import { getSession, TOKEN_KEY } from './session.ts';

describe('apiRequest', () => {
  it('sends the stored token and JSON, and returns the answer', async () => {
    storeStaffSession(null, 'abc123');
    const { requests } = mockApi({ 'POST /api/zonas': [201, { id: 7 }] });
    await expect(
      apiRequest('zonas', { method: 'POST', body: { nombre: 'Norte', numero: 3 } }),
    ).resolves.toEqual({ id: 7 });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer abc123');
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]!.body).toEqual({ nombre: 'Norte', numero: 3 });
  });

  it('leaves the token out of public calls', async () => {
    storeStaffSession(null, 'abc123');
    const { requests } = mockApi({ 'POST /api/user/login': { token: 't', user: {} } });
    await apiRequest('/user/login', { method: 'POST', body: {}, auth: false });
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it("throws the server's Spanish message", async () => {
    mockApi({ 'GET /api/obra-sociales': [409, { error: 'La obra social ya existe', code: 'CONFLICTO' }] });
    const error = await apiRequest('obra-sociales').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'La obra social ya existe', status: 409, code: 'CONFLICTO' });
  });

  it('falls back to the generic message when the server gives no error field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiRequest('zonas')).rejects.toMatchObject({ message: MESSAGES.UNEXPECTED, status: 502 });
  });

  it('falls back to the generic message when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('zonas')).rejects.toMatchObject({ message: MESSAGES.UNEXPECTED, status: 0 });
  });

  it('keeps the validation details of a 400', async () => {
    mockApi({
      'POST /api/registro': [
        400,
        {
          error: 'Los datos enviados no son válidos',
          code: 'VALIDACION',
          fields: { email: 'El email no es válido' },
        },
      ],
    });
    await expect(apiRequest('registro', { method: 'POST', body: {} })).rejects.toMatchObject({
      fields: { email: 'El email no es válido' },
    });
  });

  it('ends the session when the API rejects the stored token', async () => {
    storeStaffSession(null, 'expired');
    mockApi({ 'GET /api/user/me': [401, { error: MESSAGES.SESSION_EXPIRED, code: 'NO_AUTENTICADO' }] });
    await expect(apiRequest('user/me')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('keeps the session on a failed sign-in (a 401 without a token)', async () => {
    storeStaffSession(null, 'still-good');
    mockApi({
      'POST /api/user/login': [401, { error: 'Usuario o contraseña incorrectos', code: 'NO_AUTENTICADO' }],
    });
    await expect(apiRequest('user/login', { method: 'POST', body: {}, auth: false })).rejects.toThrow(
      'Usuario o contraseña incorrectos',
    );
    expect(getSession()?.token).toBe('still-good');
  });

  it('returns nothing for 204', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(204)),
    );
    await expect(apiRequest('obra-sociales/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('helpers', () => {
  it('builds URLs under /api and skips empty parameters', () => {
    expect(
      buildUrl('/afiliados/paginated', { pageIndex: 0, pageSize: 10, search: undefined, obraSocialId: null }),
    ).toBe('/api/afiliados/paginated?pageIndex=0&pageSize=10');
  });

  it('encodes multipart bodies as the spec sends them', () => {
    const file = new File(['%PDF'], 'aviso.pdf', { type: 'application/pdf' });
    const form = toFormData({ title: 'Aviso', pdfs: file, obrasSociales: [1, 2], skipped: undefined });
    expect(form.get('title')).toBe('Aviso');
    expect(form.get('pdfs')).toBeInstanceOf(File);
    expect(form.get('obrasSociales')).toBe('[1,2]');
    expect(form.has('skipped')).toBe(false);
  });

  it('gives a message for any error', () => {
    expect(errorMessage(new ApiError('Sin permiso', 403))).toBe('Sin permiso');
    expect(errorMessage(new Error('boom'))).toBe(MESSAGES.UNEXPECTED);
  });
});
