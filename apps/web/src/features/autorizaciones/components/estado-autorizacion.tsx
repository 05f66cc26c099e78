import { ESTADO_AUTORIZACION_LABELS, type EstadoAutorizacion } from '@red-dental/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge/index.ts';

const TONO: Record<EstadoAutorizacion, BadgeTone> = {
  en_revision: 'warning',
  observada: 'warning',
  aprobada: 'success',
  aprobada_parcial: 'success',
  rechazada: 'error',
  consumida: 'neutral',
  vencida: 'neutral',
  anulada: 'neutral',
};

/** Where a request stands, in words ('En revisión', 'Aprobada en parte'); the colour only helps. */
export function EstadoAutorizacionBadge({ estado }: { estado: EstadoAutorizacion }) {
  return <Badge tone={TONO[estado]}>{ESTADO_AUTORIZACION_LABELS[estado]}</Badge>;
}
