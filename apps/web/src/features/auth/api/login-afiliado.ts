import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** `POST /api/afiliados/login`: affiliates sign in with their document alone. */
export function loginAfiliado(body: { documento: string }): Promise<{ token: string }> {
  return apiRequest('afiliados/login', { method: 'POST', body, auth: false });
}

export function useLoginAfiliado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginAfiliado,
    onSuccess: ({ token }) => {
      queryClient.clear();
      startSession({ kind: 'afiliado', token });
    },
  });
}
