import type { Tablero } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /api/tablero`: every figure of the dashboard in one answer. */
export function getTablero(signal?: AbortSignal): Promise<Tablero> {
  return apiRequest('tablero', { signal });
}

export function useTablero() {
  return useQuery({ queryKey: ['tablero'], queryFn: ({ signal }) => getTablero(signal) });
}
