import { formatCount } from '@/lib/format.ts';
import { BUENOS_AIRES, type Coordinates, parseCoordinates } from '../coordinates.ts';
import type { DirectoryMapMarker } from './directory-map.tsx';

/** A provider the map can place: its stored coordinates read as a point. */
export interface DirectoryPlace {
  id: number;
  nombre: string;
  position: Coordinates;
}

/** The providers with a valid place, in the order given; the others get no marker. */
export function findPlaces(markers: readonly DirectoryMapMarker[]): DirectoryPlace[] {
  const places: DirectoryPlace[] = [];
  for (const { id, nombre, lat, long } of markers) {
    const position = parseCoordinates(lat, long);
    if (position) places.push({ id, nombre, position });
  }
  return places;
}

/** Where the map opens: the mean of the places, or Buenos Aires when there is none. */
export function findCentre(places: readonly DirectoryPlace[]): Coordinates {
  if (places.length === 0) return BUENOS_AIRES;
  let lat = 0;
  let lng = 0;
  for (const { position } of places) {
    lat += position.lat;
    lng += position.lng;
  }
  return { lat: lat / places.length, lng: lng / places.length };
}

/** The accessible name of a cluster of markers, which zooms in when chosen: '12 profesionales: acercar'. */
export function formatClusterLabel(count: number): string {
  return `${formatCount(count, 'profesional', 'profesionales')}: acercar`;
}
