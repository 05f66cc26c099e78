import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { storeAffiliateSession } from '@/test/factories.ts';
import { getUnreadCounts, hasUnread } from './get-unread-counts.ts';

afterEach(() => vi.restoreAllMocks());

describe('getUnreadCounts', () => {
  it('answers the counts by category as the API sends them', async () => {
    storeAffiliateSession();
    mockApi({ 'GET /api/notificaciones/unread': { Afiliados: 2, Documentación: 0 } });
    const counts = await getUnreadCounts();
    expect(counts).toEqual({ Afiliados: 2, Documentación: 0 });
    expect(hasUnread(counts)).toBe(true);
  });

  it("counts an answer that is not counts by category (a proxy's page) as nothing unread, and logs it", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    storeAffiliateSession();
    mockApi({
      'GET /api/notificaciones/unread': () =>
        new Response('<html><body>1 aviso</body></html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    });
    const counts = await getUnreadCounts();
    expect(counts).toEqual({});
    expect(hasUnread(counts)).toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});
