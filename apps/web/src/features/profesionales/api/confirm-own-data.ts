import { type Profesional, profesionalSchema } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { useSetOwnProfile } from './update-own-profile.ts';

/** `POST /api/profesionales/profile/confirmar-datos`: 'Mis datos están actualizados'. */
export function confirmOwnData(): Promise<Profesional> {
  return apiRequest('profesionales/profile/confirmar-datos', { method: 'POST', schema: profesionalSchema });
}

export function useConfirmOwnData() {
  return useMutation({ mutationFn: confirmOwnData, onSuccess: useSetOwnProfile() });
}
