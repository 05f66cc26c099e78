import { z } from 'zod';

/** GET /api/geocode?q=: an address search in Argentina. */
export const geocodeQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });

/** The address autocomplete asks from this many characters on. */
export const GEOCODE_MIN_QUERY_LENGTH = 3;

/**
 * One match: the geocoder's display name and coordinates (as numeric strings),
 * and the locality read from its address (empty when it has none).
 */
export const geocodeResultSchema = z.object({
  display_name: z.string(),
  lat: z.string(),
  lon: z.string(),
  localidad: z.string(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
export const geocodeResultsSchema = z.array(geocodeResultSchema);
