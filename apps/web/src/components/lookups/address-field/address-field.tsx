import { GEOCODE_MIN_QUERY_LENGTH, type GeocodeResult, geocodeResultsSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Combobox } from '@/components/ui/combobox/index.ts';
import { MapIcon } from '@/components/ui/screen-icons/index.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

/** The spec's address autocomplete debounce. */
export const ADDRESS_DEBOUNCE_MS = 1500;
/** Geocoding answers are kept for a day, as the spec asks. */
const ADDRESS_CACHE_MS = 24 * 60 * 60 * 1000;

/** `GET /api/geocode?q=`: matches in Argentina. Failures are logged and give no suggestions. */
export async function searchAddresses(q: string, signal?: AbortSignal): Promise<GeocodeResult[]> {
  try {
    return await apiRequest('geocode', { query: { q }, signal, schema: geocodeResultsSchema });
  } catch (error) {
    if (!signal?.aborted) console.warn('Geocoding failed', error);
    return [];
  }
}

/**
 * Where a locality is ('La Plata' → its first match), for a map that has no pin
 * yet to open on: `place` is null while unknown or when the geocoder finds
 * nothing, and `isNotFound` says that a finished search (or a text too short
 * to search) found nothing for the text as it stands.
 */
export function useLocalityPlace(localidad: string): {
  place: { lat: string; lon: string } | null;
  isNotFound: boolean;
} {
  const text = localidad.trim();
  const query = useDebouncedValue(text, ADDRESS_DEBOUNCE_MS);
  const isSearchable = query.length >= GEOCODE_MIN_QUERY_LENGTH;
  const { data, isFetching } = useQuery({
    queryKey: queryKeys.geocode(query),
    queryFn: ({ signal }) => searchAddresses(query, signal),
    enabled: isSearchable,
    staleTime: ADDRESS_CACHE_MS,
    gcTime: ADDRESS_CACHE_MS,
    retry: false,
  });
  const first = isSearchable ? data?.[0] : undefined;
  // The same object while the place is the same: a map follows it by identity.
  const [lat, lon] = [first?.lat, first?.lon];
  const place = useMemo(() => (lat && lon ? { lat, lon } : null), [lat, lon]);
  const isSettled = query === text && text !== '';
  const isNotFound =
    isSettled && !place && (!isSearchable || (data !== undefined && !isFetching && data.length === 0));
  return { place, isNotFound };
}

export interface AddressFieldProps {
  label?: ReactNode;
  value: string;
  onChange: (text: string) => void;
  /** A suggestion was picked: the caller stores its coordinates and locality. */
  onSelect: (suggestion: GeocodeResult) => void;
  /** Said in the list when a search finds nothing (what to do instead); without it the list stays closed. */
  notFoundMessage?: string;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  name?: string;
  placeholder?: string;
}

/**
 * Address input with suggestions from the geocoding service, asked
 * 1500 ms after the user stops typing.
 */
export function AddressField({
  label = 'Dirección',
  value,
  onChange,
  onSelect,
  error,
  hint,
  disabled,
  name,
  placeholder = 'Calle, número y localidad',
  notFoundMessage,
}: AddressFieldProps) {
  // The text of the last picked suggestion is not searched again, nor the
  // address the field opened with (an address already saved).
  const [picked, setPicked] = useState<string | null>(() => value.trim() || null);
  const query = useDebouncedValue(value.trim(), ADDRESS_DEBOUNCE_MS);
  const isSearchable = query.length >= GEOCODE_MIN_QUERY_LENGTH && query !== picked && !disabled;

  const { data, isFetching } = useQuery({
    queryKey: queryKeys.geocode(query),
    queryFn: ({ signal }) => searchAddresses(query, signal),
    enabled: isSearchable,
    staleTime: ADDRESS_CACHE_MS,
    gcTime: ADDRESS_CACHE_MS,
    retry: false,
  });
  const isAnswered = isSearchable && query === value.trim() && !isFetching;
  const options = isSearchable && query === value.trim() ? (data ?? []) : [];
  // Only a search that came back empty says so; typing (before the search is asked) says nothing.
  const foundNothing = isAnswered && data !== undefined && data.length === 0;

  return (
    <Combobox
      label={label}
      name={name}
      icon={<MapIcon size={18} />}
      placeholder={placeholder}
      hint={hint}
      error={error}
      disabled={disabled}
      inputValue={value}
      onInputChange={onChange}
      options={options}
      isLoading={isSearchable && isFetching}
      emptyMessage={foundNothing ? notFoundMessage : undefined}
      getOptionKey={(option) => `${option.lat},${option.lon},${option.display_name}`}
      getOptionLabel={(option) => option.display_name}
      onSelect={(option) => {
        setPicked(option.display_name);
        onChange(option.display_name);
        onSelect(option);
      }}
    />
  );
}
