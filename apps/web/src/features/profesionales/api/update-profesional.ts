import { type Profesional, type ProfesionalUpdateInput, profesionalSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { assignZona } from './assign-zona.ts';

export interface ProfesionalChanges {
  id: number;
  body: ProfesionalUpdateInput;
  /** The zone to assign, when staff chose one (spec: "the zone is updated only if one is chosen"). */
  zonaId?: number;
}

/** `PUT /api/profesionales/{id}`, as staff (PROFESSIONALS.UPDATE). */
export function updateProfesional(id: number, body: ProfesionalUpdateInput): Promise<Profesional> {
  return apiRequest(`profesionales/${id}`, { method: 'PUT', body, schema: profesionalSchema });
}

/**
 * Saves a professional from the admin screen: the record, then its zone when
 * another one was chosen. A zone that fails after the record was saved is
 * told apart (`zonaError`), since the record's changes did go through.
 */
export function useUpdateProfesional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, zonaId }: ProfesionalChanges) => {
      const saved = await updateProfesional(id, body);
      if (zonaId === undefined) return { saved };
      try {
        return { saved: await assignZona(id, zonaId) };
      } catch (zonaError) {
        return { saved, zonaError };
      }
    },
    onSuccess: ({ saved }) => queryClient.setQueryData(queryKeys.profesionales.detail(saved.id), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.profesionales.all }),
  });
}
