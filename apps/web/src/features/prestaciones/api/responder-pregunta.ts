import type { ConfirmacionInput, MessageResponse } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { phoneProof } from '@/lib/token-codigo.ts';

/** `POST /api/afiliados/profile/confirmaciones`: the affiliate's answer about a visit, from the phone with the token. */
export function useResponderPregunta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmacionInput) =>
      apiRequest<MessageResponse>('afiliados/profile/confirmaciones', {
        method: 'POST',
        body,
        headers: phoneProof(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.prestaciones }),
  });
}
