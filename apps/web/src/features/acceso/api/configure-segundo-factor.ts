import { totpSetupSchema } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/user/2fa/configurar`: a new secret to scan (on only after its first code). */
export function useConfigurarSegundoFactor() {
  return useMutation({
    mutationFn: () => apiRequest('user/2fa/configurar', { method: 'POST', schema: totpSetupSchema }),
  });
}
