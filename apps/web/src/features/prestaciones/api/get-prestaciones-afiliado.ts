import type { PrestacionesAfiliado } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { noteAnswer, OFFLINE_READ, useKeptSince } from '@/lib/offline-status.ts';
import { PORTAL_READS } from '@/lib/portal-reads.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { phoneProof } from '@/lib/token-codigo.ts';

/**
 * `GET /api/afiliados/profile/prestaciones`: every line recorded on the affiliate, and when the copy
 * on screen was saved if it is the one kept on the device. Health data: the phone enrolled for the
 * token sends its current code with it, and the server answers only then (403 `TOKEN_REQUERIDO`
 * elsewhere). Taken as the server sends it (checked there against the contract): the portal loads
 * no schema for it.
 */
export function usePrestacionesAfiliado() {
  const query = useQuery({
    queryKey: queryKeys.afiliados.prestaciones,
    queryFn: ({ signal }) =>
      apiRequest<PrestacionesAfiliado>(PORTAL_READS.prestaciones, {
        signal,
        onResponse: noteAnswer,
        headers: phoneProof(),
      }),
    // Readable offline, like the rest of the portal; gone with the session.
    ...OFFLINE_READ,
  });
  return { ...query, keptSince: useKeptSince(PORTAL_READS.prestaciones) };
}

/**
 * One of the files of the affiliate's authorization (an X-ray, a photo), saved on the phone: from
 * the enrolled phone only, like the rest, and recorded as opened in 'Mis accesos'.
 */
export async function descargarAdjuntoAfiliado(numero: string, adjunto: { id: number; nombre: string }) {
  const { apiDownload } = await import('@/lib/api-files.ts');
  await apiDownload(`afiliados/profile/autorizaciones/${encodeURIComponent(numero)}/adjuntos/${adjunto.id}`, {
    fileName: adjunto.nombre,
    headers: phoneProof(),
  });
}
