import type { Registro } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/registro`: the pending account and its provider record, in one call. */
export function register(body: Registro): Promise<{ id: number }> {
  return apiRequest('registro', { method: 'POST', body, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
