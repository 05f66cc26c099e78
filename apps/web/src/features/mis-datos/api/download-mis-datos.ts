import { apiDownload } from '@/lib/api-files.ts';
import { MIS_DATOS_PATHS, type Titular } from './get-mis-datos.ts';

/** The whole of the caller's data, saved by the browser as `mis-datos.json`; the server records it. */
export async function downloadMisDatos(titular: Titular) {
  // On the phone enrolled for the token, the affiliate's download brings their lines too; the code
  // is computed only when asked, so the profile page does not carry it.
  const headers = titular === 'afiliado' ? (await import('@/lib/token-codigo.ts')).phoneProof() : undefined;
  return apiDownload(MIS_DATOS_PATHS[titular], { fileName: 'mis-datos.json', headers });
}
