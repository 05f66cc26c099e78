import { MESSAGES } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { fakeCacheStorage } from '@/test/cache-storage-mock.ts';
import { ANA, BRUNO, PROFILE, setup } from '@/test/cartilla.ts';
import { makeAfiliadoToken, storeAffiliateSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

describe("/cartilla's 'Informar un error' and 'Sus reportes'", () => {
  it("sends 'Informar un error' and says when the day's reports are used up", async () => {
    let count = 0;
    const { requests } = setup({
      'POST /api/profesionales/1/reportes': () =>
        ++count === 1 ? [201, { id: 9 }] : [429, { error: MESSAGES.reportes.REPORTE_LIMIT }],
    });
    const card = await screen.findByRole('article', { name: 'Ana Benítez' });
    await userEvent.click(within(card).getByRole('button', { name: /Ana Benítez/ }));
    await userEvent.click(within(card).getByRole('button', { name: 'Informar un error' }));
    let dialog = await screen.findByRole('dialog', { name: 'Informar un error' });
    await userEvent.type(within(dialog).getByLabelText('Qué dato está mal'), 'mal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(MESSAGES.reportes.MOTIVO_TOO_SHORT)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Qué dato está mal'), ' el teléfono');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.reportes.REPORTE_SENT)).toBeInTheDocument();
    expect(requests.find((r: MockRequest) => r.method === 'POST')?.body).toEqual({
      motivo: 'mal el teléfono',
    });

    await userEvent.click(within(card).getByRole('button', { name: 'Informar un error' }));
    dialog = await screen.findByRole('dialog', { name: 'Informar un error' });
    await userEvent.type(within(dialog).getByLabelText('Qué dato está mal'), 'Otra cosa más');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.reportes.REPORTE_LIMIT)).toBeInTheDocument();
  });

  it("shows 'Sus reportes' under the directory, and where each stands, once there is one", async () => {
    let mine: unknown[] = [];
    setup({
      'GET /api/reportes/mios': () => mine,
      'POST /api/profesionales/1/reportes': () => {
        mine = [
          {
            id: 9,
            profesional: { id: 1, nombre: 'Ana Benítez' },
            motivo: 'El teléfono no existe',
            createdAt: '2026-11-25T13:00:00.000Z',
            estado: 'abierto',
            cerradoAt: null,
            nota: null,
          },
          {
            id: 4,
            profesional: { id: 2, nombre: 'Bruno Díaz' },
            motivo: 'Se mudó',
            createdAt: '2026-11-02T13:00:00.000Z',
            estado: 'cerrado',
            cerradoAt: '2026-11-03T13:00:00.000Z',
            nota: 'Actualizamos la dirección.',
          },
        ];
        return [201, { id: 9 }];
      },
    });
    const card = await screen.findByRole('article', { name: 'Ana Benítez' });
    expect(screen.queryByRole('heading', { name: 'Sus reportes' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /Ana Benítez/ }));
    await userEvent.click(within(card).getByRole('button', { name: 'Informar un error' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informar un error' });
    await userEvent.type(within(dialog).getByLabelText('Qué dato está mal'), 'El teléfono no existe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const section = (await screen.findByRole('heading', { name: 'Sus reportes' })).closest('section')!;
    const [pending, reviewed] = within(section).getAllByRole('listitem');
    expect(pending).toHaveTextContent('Ana BenítezEn revisión');
    expect(pending).toHaveTextContent('Enviado el 25/11/2026');
    expect(reviewed).toHaveTextContent('Bruno DíazRevisado');
    expect(reviewed).toHaveTextContent('Enviado el 02/11/2026 · Revisado el 03/11/2026');
    expect(reviewed).toHaveTextContent('La red respondió: Actualizamos la dirección.');
  });

  describe('a report without a connection', () => {
    const LUCIA = makeAfiliadoToken({ sub: '3', exp: Math.floor(Date.now() / 1000) + 3600 });
    afterEach(() => vi.unstubAllGlobals());

    async function report(motivo: string) {
      const card = await screen.findByRole('article', { name: 'Ana Benítez' });
      await userEvent.click(within(card).getByRole('button', { name: /Ana Benítez/ }));
      await userEvent.click(within(card).getByRole('button', { name: 'Informar un error' }));
      const dialog = await screen.findByRole('dialog', { name: 'Informar un error' });
      await userEvent.type(within(dialog).getByLabelText('Qué dato está mal'), motivo);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
      return dialog;
    }

    function offlineSetup(post: Parameters<typeof mockApi>[0][string]) {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      storeAffiliateSession(LUCIA);
      return mockApi({
        'GET /api/afiliados/profile': PROFILE,
        'GET /api/profesionales/obrasocial': [ANA, BRUNO],
        'GET /api/reportes/mios': [],
        'POST /api/profesionales/1/reportes': post,
      });
    }

    it("is kept on the device: the dialog says it will go when the connection returns, closes, and 'Sus reportes' shows it pending", async () => {
      vi.stubGlobal('caches', fakeCacheStorage());
      const { requests } = offlineSetup([201, { id: 9 }]);
      renderApp('/cartilla');
      const dialog = await report('El teléfono no existe');
      expect(await screen.findByText(MESSAGES.reportes.REPORTE_QUEUED)).toBeInTheDocument();
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      const section = (await screen.findByRole('heading', { name: 'Sus reportes' })).closest('section')!;
      expect(within(section).getByRole('listitem')).toHaveTextContent('Ana BenítezPendiente de envío');
      expect(within(section).getByRole('listitem')).toHaveTextContent('El teléfono no existe');
      expect(requests.some((r) => r.method === 'POST')).toBe(false);
    });

    it("refuses where the device can keep nothing, saying why, with 'Reintentar'", async () => {
      vi.stubGlobal('caches', undefined);
      offlineSetup([201, { id: 9 }]);
      renderApp('/cartilla');
      const dialog = await report('El teléfono no existe');
      expect(await within(dialog).findByText(MESSAGES.reportes.REPORTE_NOT_QUEUED)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    });

    it('is kept too when the connection fails while the phone believes it is online', async () => {
      vi.stubGlobal('caches', fakeCacheStorage());
      storeAffiliateSession(LUCIA);
      mockApi({
        'GET /api/afiliados/profile': PROFILE,
        'GET /api/profesionales/obrasocial': [ANA, BRUNO],
        'GET /api/reportes/mios': [],
        'POST /api/profesionales/1/reportes': () => Promise.reject(new TypeError('Failed to fetch')),
      });
      renderApp('/cartilla');
      const dialog = await report('El teléfono no existe');
      expect(await screen.findByText(MESSAGES.reportes.REPORTE_QUEUED)).toBeInTheDocument();
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(await screen.findByText('Pendiente de envío')).toBeInTheDocument();
    });
  });
});
