import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGeocoder } from '../../../test/geocoder-server.ts';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { GEOCODE_LIMIT, MAX_SLOT_WAIT_MS, UPSTREAM_INTERVAL_MS } from './geocoding.service.ts';

const PALERMO = {
  display_name: 'Avenida Santa Fe 2845, Palermo, Buenos Aires, Argentina',
  lat: '-34.5914700',
  lon: '-58.4041300',
  address: { road: 'Avenida Santa Fe', suburb: 'Palermo', state: 'Ciudad Autónoma de Buenos Aires' },
};
const LA_PLATA = {
  display_name: 'Calle 7 1020, La Plata, Buenos Aires, Argentina',
  lat: '-34.9205',
  lon: '-57.9536',
  address: { city: 'La Plata', county: 'Partido de La Plata' },
};
const RURAL = {
  display_name: 'Ruta 2 km 100, Partido de Chascomús, Argentina',
  lat: '-35.5',
  lon: '-58.0',
  address: { county: 'Partido de Chascomús' },
};

describe.each(BACKENDS)('GET /api/geocode (%s)', (backend) => {
  let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
  beforeAll(async () => {
    geocoder = await startGeocoder();
  });
  afterAll(() => geocoder.close());
  const t = useTestApp(backend, { env: () => ({ GEOCODER_URL: geocoder.url }) });
  beforeEach(() => {
    geocoder.requests.length = 0;
    geocoder.answer((_url, res) => res.end(JSON.stringify([PALERMO, LA_PLATA, RURAL])));
  });

  it('asks for Argentina only, near Buenos Aires, naming the app, and reads each locality', async () => {
    const res = await t.inject('GET', '/api/geocode?q=Santa%20Fe%202845', t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { display_name: PALERMO.display_name, lat: '-34.5914700', lon: '-58.4041300', localidad: 'Palermo' },
      { display_name: LA_PLATA.display_name, lat: '-34.9205', lon: '-57.9536', localidad: 'La Plata' },
      { display_name: RURAL.display_name, lat: '-35.5', lon: '-58.0', localidad: 'Partido de Chascomús' },
    ]);
    const [request] = geocoder.requests;
    expect(request?.url.searchParams.get('q')).toBe('Santa Fe 2845');
    expect(request?.url.searchParams.get('countrycodes')).toBe('ar');
    expect(request?.url.searchParams.get('viewbox')).toEqual(expect.any(String));
    expect(request?.userAgent).toContain(t.config.publicUrl);
    expect((await t.inject('GET', '/api/geocode?q=Santa%20Fe')).statusCode).toBe(401);
  });

  it('serves a repeated query from the cache, whatever its case and accents', async () => {
    await t.inject('GET', '/api/geocode?q=Av.%20C%C3%B3rdoba%20100', t.admin);
    const again = await t.inject('GET', '/api/geocode?q=av.%20cordoba%20100', t.admin);
    expect(again.json()).toHaveLength(3);
    expect(geocoder.requests).toHaveLength(1);
  });

  it('answers no suggestions when the geocoder refuses (429), and asks again next time', async () => {
    geocoder.answer((_url, res) => {
      res.statusCode = 429;
      res.end('{"error":"Too Many Requests"}');
    });
    expect((await t.inject('GET', '/api/geocode?q=Rivadavia%205000', t.admin)).json()).toEqual([]);
    geocoder.answer((_url, res) => res.end(JSON.stringify([PALERMO])));
    expect((await t.inject('GET', '/api/geocode?q=Rivadavia%205000', t.admin)).json()).toHaveLength(1);
    expect(geocoder.requests).toHaveLength(2);
  });

  it('gives up on a geocoder that does not answer within 5 seconds', async () => {
    geocoder.answer((_url, res) => setTimeout(() => res.end('[]'), 8000).unref());
    const started = Date.now();
    const res = await t.inject('GET', '/api/geocode?q=Corrientes%201234', t.admin);
    expect(res.json()).toEqual([]);
    expect(Date.now() - started).toBeLessThan(7000);
  }, 15_000);

  it('sends at most one request a second upstream, however many arrive together', async () => {
    const queries = ['Callao 100', 'Callao 200', 'Callao 300'];
    const answers = await Promise.all(
      queries.map((q) => t.inject('GET', `/api/geocode?q=${encodeURIComponent(q)}`, t.admin)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const times = geocoder.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(3);
    // As the geocoder sees them: a second apart, allowing a busy test machine its timer delays.
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(UPSTREAM_INTERVAL_MS - 200);
  });

  it('recovers at once after a burst: a skipped search books no slot', async () => {
    const dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    const burst = Array.from({ length: 20 }, (_, i) => `Burst ${i + 1}`);
    const answers = await Promise.all(
      burst.map((q) => t.inject('GET', `/api/geocode?q=${encodeURIComponent(q)}`, dentist)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // Only the searches whose slot started within the budget reached the geocoder.
    expect(geocoder.requests.length).toBeLessThanOrEqual(
      Math.floor(MAX_SLOT_WAIT_MS / UPSTREAM_INTERVAL_MS) + 1,
    );
    expect(answers.filter((a) => a.json<unknown[]>().length === 0).length).toBeGreaterThan(0);

    // Once the burst is over, the next search goes upstream within a slot or two.
    geocoder.requests.length = 0;
    const started = Date.now();
    const after = await t.inject('GET', '/api/geocode?q=Despues%20del%20burst', dentist);
    expect(after.json()).toHaveLength(3);
    expect(geocoder.requests.map((r) => r.url.searchParams.get('q'))).toEqual(['Despues del burst']);
    expect(Date.now() - started).toBeLessThan(3 * UPSTREAM_INTERVAL_MS);
  }, 20_000);

  it('allows each user 30 searches a minute, then answers 429 in Spanish; another user is not affected', async () => {
    const first = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    const second = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    for (let i = 0; i < GEOCODE_LIMIT.max; i++) {
      const res = await t.inject('GET', '/api/geocode?q=Cabildo%202000', first);
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.inject('GET', '/api/geocode?q=Cabildo%202000', first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'Demasiadas búsquedas de direcciones. Espere un minuto e intente nuevamente.',
      code: 'DEMASIADOS_INTENTOS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const other = await t.inject('GET', '/api/geocode?q=Cabildo%202000', second);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toHaveLength(3);
  });
});
