import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { storeAffiliateSession, storeStaffSession } from '@/test/factories.ts';
import { apiRequest, takeAnswersFrom } from './api-client.ts';
import { earlyReadsScript, takeEarlyRead } from './early-reads.ts';

// As the portal does (features/afiliados/api/get-afiliado-profile.ts).
takeAnswersFrom(takeEarlyRead);

const PROFILE = '/api/afiliados/profile';
const CARTILLA = '/api/profesionales/obrasocial';

/** Runs the page's script as the browser does, from a tag listing the addresses. */
function runPageScript(reads: string[]): void {
  const tag = document.createElement('script');
  tag.dataset.reads = reads.join(' ');
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  new Function(earlyReadsScript())();
}

afterEach(() => {
  globalThis.redDentalEarlyReads = undefined;
});

describe("a portal page's early reads", () => {
  it("asks for the page's reads with the affiliate's token, and the app's requests take those answers", async () => {
    storeAffiliateSession('tok-a');
    const { requests } = mockApi({ [`GET ${PROFILE}`]: { nombre: 'Ana' }, [`GET ${CARTILLA}`]: [] });
    runPageScript([PROFILE, CARTILLA]);
    expect(requests.map((r) => r.url.pathname)).toEqual([PROFILE, CARTILLA]);
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok-a');

    await expect(apiRequest('afiliados/profile')).resolves.toEqual({ nombre: 'Ana' });
    await expect(apiRequest('profesionales/obrasocial')).resolves.toEqual([]);
    expect(requests).toHaveLength(2);

    // Taken once: the next read asks the server again.
    await apiRequest('afiliados/profile');
    expect(requests).toHaveLength(3);
  });

  it('asks for nothing without an affiliate session', () => {
    const { requests } = mockApi({});
    runPageScript([PROFILE]);
    storeStaffSession(null, 'staff');
    runPageScript([PROFILE]);
    expect(requests).toHaveLength(0);
  });

  it('is not used by a session started since, nor when it failed', async () => {
    storeAffiliateSession('old');
    const { requests } = mockApi({ [`GET ${PROFILE}`]: { nombre: 'Ana' } });
    runPageScript([PROFILE]);
    storeAffiliateSession('new');
    await apiRequest('afiliados/profile');
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);

    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ nombre: 'Ana' }), { status: 200 });
      }),
    );
    runPageScript([PROFILE]);
    await expect(apiRequest('afiliados/profile')).resolves.toEqual({ nombre: 'Ana' });
    expect(calls).toBe(2);
  });

  it('is not used once the page has been open a while: a later read asks the server', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      storeAffiliateSession('tok');
      const { requests } = mockApi({ [`GET ${PROFILE}`]: { nombre: 'Ana' } });
      runPageScript([PROFILE]);
      vi.setSystemTime(Date.now() + 60_000);
      await apiRequest('afiliados/profile');
      expect(requests).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
