import type { ReporteInput } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/profesionales/{id}/reportes`: the affiliate says a listing is wrong (5 a day). */
export function reportProfesional(id: number, body: ReporteInput): Promise<{ id: number }> {
  return apiRequest(`profesionales/${id}/reportes`, { method: 'POST', body });
}

export function useReportProfesional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReporteInput }) => reportProfesional(id, body),
    // The affiliate's list of reports shows the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.misReportes }),
  });
}
