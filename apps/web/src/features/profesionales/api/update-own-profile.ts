import { type Profesional, type ProfesionalUpdateInput, profesionalSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `PUT /api/profesionales/profile`: the owner's save, which also confirms the data is current. */
export function updateOwnProfile(body: ProfesionalUpdateInput): Promise<Profesional> {
  return apiRequest('profesionales/profile', { method: 'PUT', body, schema: profesionalSchema });
}

/** Keeps the record a save of the own profile answered, as the profile and as that professional. */
export function useSetOwnProfile() {
  const queryClient = useQueryClient();
  return (saved: Profesional) => {
    queryClient.setQueryData(queryKeys.profesionales.profile, saved);
    queryClient.setQueryData(queryKeys.profesionales.detail(saved.id), saved);
  };
}

export function useUpdateOwnProfile() {
  return useMutation({ mutationFn: updateOwnProfile, onSuccess: useSetOwnProfile() });
}
