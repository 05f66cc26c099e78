import { apiDownload } from '@/lib/api-files.ts';
import { MIS_DATOS_PATHS, type Titular } from './get-mis-datos.ts';

/** The whole of the caller's data, saved by the browser as `mis-datos.json`; the server records it. */
export function downloadMisDatos(titular: Titular) {
  return apiDownload(MIS_DATOS_PATHS[titular], { fileName: 'mis-datos.json' });
}
