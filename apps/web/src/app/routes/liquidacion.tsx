import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { useLiquidacion } from '@/features/cierre/api/cierre.ts';
import { LiquidacionDetalle } from '@/features/cierre/components/liquidacion-detalle.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { UnknownPath } from '../layouts/unknown-path.tsx';

/** `/liquidaciones/:id`: one settlement line by line, for its dentist and for staff. */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const liquidacion = useLiquidacion(valid ? id : null);
  if (!valid) return <UnknownPath />;
  if (liquidacion.isError) return <Alert>{errorMessage(liquidacion.error)}</Alert>;
  if (!liquidacion.data) return <PageLoading />;
  return <LiquidacionDetalle liquidacion={liquidacion.data} />;
}
