import type { AfiliadoProfile, AfiliadoProfileUpdate } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** What the affiliate may change, as the form holds it. */
export type AfiliadoProfileChanges = { [K in keyof AfiliadoProfileUpdate]-?: string };

/**
 * `PUT /api/afiliados/profile`: a new e-mail stays pending until its
 * confirmation link is opened; a field left out stays as it is.
 */
export function updateAfiliadoProfile(body: Partial<AfiliadoProfileChanges>): Promise<AfiliadoProfile> {
  // Taken as the server sends it, as the profile's read is (get-afiliado-profile.ts).
  return apiRequest('afiliados/profile', { method: 'PUT', body });
}

export function useUpdateAfiliadoProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAfiliadoProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(queryKeys.afiliados.profile, profile);
      // The spec reloads the profile after a save.
      await queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.profile });
    },
  });
}
