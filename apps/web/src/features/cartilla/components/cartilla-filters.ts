import { type CartillaProfesional, GUARDIAS, isAttendingAt, isOnCallAt } from '@red-dental/contracts';

/** What the affiliate narrowed the directory to; '' means "all". */
export interface CartillaFilters {
  especialidadId: string;
  localidad: string;
  atiendeAhora: boolean;
  deGuardiaAhora: boolean;
  aceptaNuevosPacientes: boolean;
}

export const NO_FILTERS: CartillaFilters = {
  especialidadId: '',
  localidad: '',
  atiendeAhora: false,
  deGuardiaAhora: false,
  aceptaNuevosPacientes: false,
};

/**
 * A name's place in Spanish alphabetical order as the es-AR collator gives it
 * at base strength (case and accents do not count, ñ comes after n), worked
 * out without Intl: a collator loads the locale's rules, about 10 ms on a
 * phone, on the cartilla's first paint, for two short lists of names.
 */
function spanishKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/n\u0303/g, 'n\u007f')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Sorts by `name` in Spanish alphabetical order. */
export function sortSpanish<T>(items: readonly T[], name: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, key: spanishKey(name(item)) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ item }) => item);
}

/**
 * A provider's specialties as an affiliate reads them: GUARDIAS is how on-call
 * hours are entered, not a specialty, and 'De guardia ahora' says it. The API
 * leaves it out; a copy kept offline from before may still hold it.
 */
export function specialtiesOf(p: Pick<CartillaProfesional, 'especialidades'>) {
  return p.especialidades.filter((e) => e.nombre !== GUARDIAS);
}

/** The specialties any provider of the directory has, by name. */
export function especialidadOptions(list: readonly CartillaProfesional[]) {
  const byId = new Map<number, string>();
  for (const p of list) for (const e of specialtiesOf(p)) byId.set(e.id, e.nombre);
  return sortSpanish(
    [...byId].map(([id, nombre]) => ({ value: String(id), label: nombre })),
    (option) => option.label,
  );
}

/** The distinct localities of the providers, sorted, for the 'Localidad' filter. */
export function localidadOptions(list: readonly CartillaProfesional[]) {
  const names = new Set<string>();
  for (const p of list) if (p.localidad) names.add(p.localidad);
  return sortSpanish([...names], (name) => name).map((name) => ({ value: name, label: name }));
}

/** A place on Earth, in degrees. */
export interface Place {
  lat: number;
  lng: number;
}

/** The provider's office as a place, when it has valid coordinates. */
export function placeOf(p: Pick<CartillaProfesional, 'lat' | 'long'>): Place | null {
  if (!p.lat || !p.long) return null;
  const lat = Number(p.lat);
  const lng = Number(p.long);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance between two places, in kilometres (haversine). */
export function distanceKm(a: Place, b: Place): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

export interface CartillaEntry {
  profesional: CartillaProfesional;
  /** From the affiliate, when they shared their location and the office has coordinates. */
  distanceKm: number | null;
}

/**
 * The providers that pass the filters, 'Atiende ahora' and 'De guardia ahora'
 * read at `now` on Buenos Aires' clock (nobody attends during an absence). With `origin` (the affiliate's
 * location), nearest first, those without coordinates last; otherwise in the
 * directory's order (by name).
 */
export function applyFilters(
  list: readonly CartillaProfesional[],
  filters: CartillaFilters,
  now: Date,
  origin: Place | null,
): CartillaEntry[] {
  const especialidadId = filters.especialidadId ? Number(filters.especialidadId) : null;
  const entries = list
    .filter(
      (p) =>
        (especialidadId === null || p.especialidades.some((e) => e.id === especialidadId)) &&
        (!filters.localidad || p.localidad === filters.localidad) &&
        (!filters.aceptaNuevosPacientes || p.aceptaNuevosPacientes) &&
        (!filters.atiendeAhora || isAttendingAt(p, now)) &&
        (!filters.deGuardiaAhora || isOnCallAt(p, now)),
    )
    .map((profesional) => {
      const place = origin ? placeOf(profesional) : null;
      return { profesional, distanceKm: origin && place ? distanceKm(origin, place) : null };
    });
  if (!origin) return entries;
  return entries.sort(
    (a, b) => (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY),
  );
}
