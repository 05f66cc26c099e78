import type { AfiliadoProfile } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, takeAnswersFrom } from '@/lib/api-client.ts';
import { takeEarlyRead } from '@/lib/early-reads.ts';
import { noteAnswer, OFFLINE_READ, useKeptSince } from '@/lib/offline-status.ts';
import { PORTAL_READS } from '@/lib/portal-reads.ts';
import { queryKeys } from '@/lib/query-keys.ts';

// Every portal page reads the profile first, so this is where the portal's requests start taking
// the answers its page asked for while the app loaded.
takeAnswersFrom(takeEarlyRead);

/** `GET /api/afiliados/profile`: the signed-in affiliate's own data; also tells whether the token still works. */
export function getAfiliadoProfile(signal?: AbortSignal): Promise<AfiliadoProfile> {
  return apiRequest(PORTAL_READS.profile, { signal, onResponse: noteAnswer });
}

export const afiliadoProfileQueryOptions = queryOptions({
  queryKey: queryKeys.afiliados.profile,
  queryFn: ({ signal }) => getAfiliadoProfile(signal),
  staleTime: 5 * 60 * 1000,
  retry: false,
  // Offline, the portal opens on the kept copy (the session is confirmed once the server answers).
  ...OFFLINE_READ,
});

/** The profile, and when the copy on screen was saved if it is the one kept on the device. */
export function useAfiliadoProfile() {
  return { ...useQuery(afiliadoProfileQueryOptions), keptSince: useKeptSince(PORTAL_READS.profile) };
}
