import type { ReporteInput } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/profesionales/{id}/reportes`: the affiliate says a listing is wrong (5 a day). */
export function reportProfesional(id: number, body: ReporteInput): Promise<{ id: number }> {
  return apiRequest(`profesionales/${id}/reportes`, { method: 'POST', body });
}

export function useReportProfesional() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReporteInput }) => reportProfesional(id, body),
  });
}
