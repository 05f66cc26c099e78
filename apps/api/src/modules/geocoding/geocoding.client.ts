import type { GeocodeResult } from '@red-dental/contracts';

/** Buenos Aires, where most of the network is: results near it come first (the bias spans about 500 km). */
const VIEWBOX = '-63.0,-30.0,-54.0,-39.0';

interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  address?: Record<string, unknown>;
}

/** The locality of a match: its city, town, village or suburb, else its second administrative level. */
function localidadOf(address: Record<string, unknown> = {}): string {
  for (const key of ['city', 'town', 'village', 'suburb', 'municipality', 'county', 'state_district']) {
    const value = address[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/**
 * Searches a Nominatim-compatible service, in Argentina only. Outbound HTTP
 * and nothing else: caching and pacing are the service's. Rejects on a
 * refusal (429 and any non-2xx), a malformed answer or `timeoutMs`.
 */
export async function searchAddresses(
  baseUrl: string,
  query: string,
  options: { userAgent: string; timeoutMs: number },
): Promise<GeocodeResult[]> {
  const url = new URL('/search', baseUrl);
  url.search = new URLSearchParams({
    q: query,
    format: 'jsonv2',
    addressdetails: '1',
    countrycodes: 'ar',
    'accept-language': 'es',
    viewbox: VIEWBOX,
    bounded: '0',
    limit: '6',
  }).toString();
  const response = await fetch(url, {
    headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  const places = (await response.json()) as unknown;
  if (!Array.isArray(places)) throw new Error('geocoder answered something other than a list');
  return (places as NominatimPlace[])
    .filter((p) => typeof p.display_name === 'string' && p.lat !== undefined && p.lon !== undefined)
    .map((p) => ({
      display_name: p.display_name as string,
      lat: String(p.lat),
      lon: String(p.lon),
      localidad: localidadOf(p.address),
    }));
}
