import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { useAutorizacion } from '@/features/autorizaciones/api/autorizaciones.ts';
import { AutorizacionDetalle } from '@/features/autorizaciones/components/autorizacion-detalle.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { UnknownPath } from '../layouts/unknown-path.tsx';

/** `/autorizaciones/:id`: one request, as the dentist who asked follows it (the link in its mails). */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const autorizacion = useAutorizacion(valid ? id : null);
  if (!valid) return <UnknownPath />;
  if (autorizacion.isError) return <Alert>{errorMessage(autorizacion.error)}</Alert>;
  if (!autorizacion.data) return <PageLoading />;
  return <AutorizacionDetalle autorizacion={autorizacion.data} />;
}
