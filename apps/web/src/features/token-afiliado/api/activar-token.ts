import type { TokenActivar, TokenSecreto } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { saveTokenGuardado } from '@/lib/token-guardado.ts';

/**
 * `POST /api/afiliados/profile/token`: enrols this device with the mailed link's key or a printed
 * code, and keeps the secret it answers (once) on the device.
 */
export async function activarToken(body: TokenActivar): Promise<TokenSecreto> {
  const secreto = await apiRequest<TokenSecreto>('afiliados/profile/token', { method: 'POST', body });
  saveTokenGuardado({
    afiliadoId: secreto.afiliadoId,
    dispositivoId: secreto.dispositivoId,
    secreto: secreto.secreto,
    secretoLectura: secreto.secretoLectura,
    pasoSegundos: secreto.pasoSegundos,
    digitos: secreto.digitos,
  });
  return secreto;
}

export function useActivarToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activarToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.token }),
  });
}
