import { buildAfiliadoProfile } from '@red-dental/testing/responses';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { storeAffiliateSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';
import { PAGES } from './pages.ts';

/** What each read answers here: enough for its screen to ask for the rest of what it shows. */
const ANSWERS = {
  'GET /api/afiliados/profile': buildAfiliadoProfile(),
  'GET /api/profesionales/obrasocial': [],
  'GET /api/notificaciones/afiliados': { rows: [], rowCount: 0 },
  'GET /api/afiliados/profile/accesos': { rows: [], rowCount: 0 },
  'GET /api/reportes/mios': [],
};

describe('the prerendered portal pages', () => {
  const portal = PAGES.filter((page) => page.reads.length > 0);

  it('cover the portal screens that read something first', () => {
    expect(portal.map((p) => p.path).sort()).toEqual([
      '/cartilla',
      '/notificaciones-afiliado',
      '/perfil-afiliado',
    ]);
  });

  it.each(portal)(
    '$path starts only reads its screen asks for, exactly as it asks (path and query)',
    async (page) => {
      storeAffiliateSession();
      const { requests } = mockApi(ANSWERS);
      renderApp(page.path);
      const asked = () =>
        requests.filter((r) => r.method === 'GET').map((r) => `${r.url.pathname}${r.url.search}`);
      await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(page.reads)));
    },
  );
});
