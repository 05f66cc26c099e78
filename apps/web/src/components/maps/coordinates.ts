import { MAP_FALLBACK_CENTER } from '@red-dental/contracts';

/** A point on the map in degrees, as Leaflet's `LatLngLiteral` has it. */
export interface Coordinates {
  lat: number;
  lng: number;
}

/** Where a map opens while it has no place to show: a place to look from, never a pin (the API refuses it). */
export const BUENOS_AIRES: Coordinates = { lat: MAP_FALLBACK_CENTER.lat, lng: MAP_FALLBACK_CENTER.long };

/** What one arrow key moves the pin: about 11 m north–south, 9 m east–west in Buenos Aires. */
export const NUDGE_DEGREES = 0.0001;

/** Two places closer than this (about 10 cm) are the same: the strings round to 6 decimals. */
const SAME_PLACE_DEGREES = 1e-6;

const NUDGE_DIRECTIONS = new Map<string, readonly [lat: number, lng: number]>([
  ['ArrowUp', [1, 0]],
  ['ArrowDown', [-1, 0]],
  ['ArrowRight', [0, 1]],
  ['ArrowLeft', [0, -1]],
]);

function parseDegrees(text: string | null, limit: number): number | null {
  // Number('') is 0: a blank field must not put the office in the Gulf of Guinea.
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/** The stored numeric strings as a point; null when either is missing or not a coordinate. */
export function parseCoordinates(lat: string | null, long: string | null): Coordinates | null {
  const latValue = parseDegrees(lat, 90);
  const lngValue = parseDegrees(long, 180);
  return latValue === null || lngValue === null ? null : { lat: latValue, lng: lngValue };
}

/** A point as the strings the profile stores: 6 decimals, about 10 cm. */
export function formatCoordinates({ lat, lng }: Coordinates): { lat: string; long: string } {
  return { lat: lat.toFixed(6), long: lng.toFixed(6) };
}

/** The point one arrow key away, or null when the key is not an arrow. */
export function nudgeCoordinates({ lat, lng }: Coordinates, key: string): Coordinates | null {
  const direction = NUDGE_DIRECTIONS.get(key);
  if (!direction) return null;
  return {
    lat: Math.min(90, Math.max(-90, lat + direction[0] * NUDGE_DEGREES)),
    lng: lng + direction[1] * NUDGE_DEGREES,
  };
}

/** Whether two points (or two absences of one) are the same place once stored. */
export function isSamePlace(a: Coordinates | null, b: Coordinates | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a.lat - b.lat) < SAME_PLACE_DEGREES && Math.abs(a.lng - b.lng) < SAME_PLACE_DEGREES;
}
