// Local stand-ins for the two outside services the app uses and we do not run:
// a Nominatim-compatible geocoder (/search) and a map tile server
// (/tiles/{z}/{x}/{y}.png). Started by playwright.config.ts as a web server.
// usage: npx tsx support/stand-ins.ts   (port from STAND_INS_PORT)
import { createServer } from 'node:http';

const PORT = Number(process.env.STAND_INS_PORT ?? 3211);

// A light grey 1×1 PNG; Leaflet stretches it over each 256 px tile.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eotAAV9AsAn2vxOAAAAAElFTkSuQmCC',
  'base64',
);

/** A point in Palermo, Buenos Aires, shifted by the query so that each address lands elsewhere. */
function pointFor(query: string): { lat: string; lon: string } {
  let hash = 0;
  for (const char of query) hash = (hash * 31 + char.charCodeAt(0)) % 1000;
  return { lat: (-34.588 - hash / 100000).toFixed(7), lon: (-58.42 + hash / 100000).toFixed(7) };
}

/**
 * Nominatim's jsonv2 shape for two matches of whatever was asked; nothing for a
 * street called 'Inexistente', nor for anything in Funes (a town the stand-in
 * does not know, as public geocoders miss small towns).
 */
function search(query: string) {
  if (/inexistente|funes/i.test(query)) return [];
  const street = query.split(',')[0]?.trim() || query;
  return [
    {
      display_name: `${street}, Palermo, Comuna 14, Ciudad Autónoma de Buenos Aires, Argentina`,
      ...pointFor(street),
      address: {
        road: street,
        suburb: 'Palermo',
        state: 'Ciudad Autónoma de Buenos Aires',
        country_code: 'ar',
      },
    },
    {
      display_name: `${street}, La Plata, Partido de La Plata, Buenos Aires, Argentina`,
      ...pointFor(`${street} La Plata`),
      address: { road: street, city: 'La Plata', county: 'Partido de La Plata', country_code: 'ar' },
    },
  ];
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${PORT}`);
  if (url.pathname === '/search') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(search(url.searchParams.get('q') ?? '')));
  } else if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
    res.end(TILE);
  } else if (url.pathname === '/health') {
    res.writeHead(200).end('ok');
  } else {
    res.writeHead(404).end();
  }
}).listen(PORT, '127.0.0.1');
