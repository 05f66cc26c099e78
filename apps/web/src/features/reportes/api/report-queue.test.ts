import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { PERSONAL_CACHE } from '@/lib/offline-copy.ts';
import { endSession } from '@/lib/session.ts';
import { jsonResponse, mockApi } from '@/test/api-mock.ts';
import { fakeCacheStorage } from '@/test/cache-storage-mock.ts';
import { makeAfiliadoToken, storeAffiliateSession } from '@/test/factories.ts';
import { isNetworkFailure, queueReport, sendQueuedReports } from './report-queue.ts';

const ANA = { id: 1, nombre: 'Ana Benítez' };
const exp = Math.floor(Date.now() / 1000) + 3600;
const LUCIA = makeAfiliadoToken({ sub: '3', exp });
const OTRA = makeAfiliadoToken({ sub: '4', exp });

/** What waits in the personal cache, as stored. */
async function stored(storage: ReturnType<typeof fakeCacheStorage>) {
  const cache = await storage.open(PERSONAL_CACHE);
  return Promise.all((await cache.keys()).map(async (r) => (await cache.match(r))!.json()));
}

describe('the queue of reports written offline', () => {
  let storage: ReturnType<typeof fakeCacheStorage>;
  beforeEach(() => {
    storage = fakeCacheStorage();
    vi.stubGlobal('caches', storage);
    storeAffiliateSession(LUCIA);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a report in the affiliate's offline copy and sends it once, however many passes run together", async () => {
    const { requests } = mockApi({ 'POST /api/profesionales/1/reportes': [201, { id: 9 }] });
    await queueReport(ANA, 'El teléfono ya no corresponde');
    expect(await stored(storage)).toEqual([
      expect.objectContaining({
        subject: 'a.3.0',
        profesional: ANA,
        motivo: 'El teléfono ya no corresponde',
      }),
    ]);

    const passes = await Promise.all([sendQueuedReports(), sendQueuedReports(), sendQueuedReports()]);
    expect(passes).toContain(true);
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ motivo: 'El teléfono ya no corresponde' });
    expect(posts[0]!.headers.get('authorization')).toBe(`Bearer ${LUCIA}`);
    expect(await stored(storage)).toEqual([]);
    expect(await sendQueuedReports()).toBe(false);
  });

  it('waits while the connection fails, and sends on a later pass', async () => {
    let online = false;
    const { requests } = mockApi({
      'POST /api/profesionales/1/reportes': () =>
        online ? jsonResponse(201, { id: 9 }) : Promise.reject(new TypeError('Failed to fetch')),
    });
    await queueReport(ANA, 'Se mudó de consultorio');
    expect(await sendQueuedReports()).toBe(false);
    expect(await stored(storage)).toHaveLength(1);
    online = true;
    expect(await sendQueuedReports()).toBe(true);
    expect(await stored(storage)).toEqual([]);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('waits through a server that is unwell or a day whose reports are used up', async () => {
    let status = 503;
    const { requests } = mockApi({
      'POST /api/profesionales/1/reportes': () => [status, { error: 'No disponible' }],
    });
    await queueReport(ANA, 'Se mudó de consultorio');
    expect(await sendQueuedReports()).toBe(false);
    status = 429;
    expect(await sendQueuedReports()).toBe(false);
    expect(await stored(storage)).toEqual([expect.not.objectContaining({ refused: expect.anything() })]);
    status = 201;
    expect(await sendQueuedReports()).toBe(true);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  });

  it("keeps the server's refusal with the report, and never tries it again", async () => {
    const { requests } = mockApi({
      'POST /api/profesionales/1/reportes': [404, { error: 'El profesional no existe' }],
    });
    await queueReport(ANA, 'Se mudó de consultorio');
    await sendQueuedReports();
    await sendQueuedReports();
    expect(await stored(storage)).toEqual([expect.objectContaining({ refused: 'El profesional no existe' })]);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('is neither sent nor shown for another affiliate on the same phone, and goes with a sign-out', async () => {
    const { requests } = mockApi({ 'POST /api/profesionales/1/reportes': [201, { id: 9 }] });
    await queueReport(ANA, 'El teléfono ya no corresponde');
    const [entry] = await stored(storage);
    // Another affiliate's session in this tab drops the copy; even were it left, it is not theirs to send.
    storeAffiliateSession(OTRA);
    await vi.waitFor(async () => expect(await storage.has(PERSONAL_CACHE)).toBe(false));
    await (await storage.open(PERSONAL_CACHE)).put(
      `/offline-copy/reportes/${entry.clientId}`,
      new Response(JSON.stringify(entry)),
    );
    expect(await sendQueuedReports()).toBe(false);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    storeAffiliateSession(LUCIA);
    endSession('logout');
    await vi.waitFor(async () => expect(await storage.has(PERSONAL_CACHE)).toBe(false));
  });

  it('tells a failure on the way (no connection, no answer in time) from the server refusing', () => {
    expect(isNetworkFailure(new ApiError('Ocurrió un error inesperado', 0))).toBe(true);
    expect(isNetworkFailure(new DOMException('signal timed out', 'TimeoutError'))).toBe(true);
    expect(isNetworkFailure(new ApiError('Ya envió 5 reportes hoy.', 429))).toBe(false);
    expect(isNetworkFailure(new ApiError('Describa el error', 400))).toBe(false);
  });

  it('refuses to queue where the device keeps nothing', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(queueReport(ANA, 'Se mudó')).rejects.toThrow(
      'Sin conexión: no se pudo guardar el reporte en este dispositivo.',
    );
  });
});
