import { PERIODO_PATTERN } from '@red-dental/contracts';
import { useParams } from 'react-router';
import { PeriodoDetalle } from '@/features/cierre/components/periodo-detalle.tsx';
import { UnknownPath } from '../layouts/unknown-path.tsx';

/** `/cierre/:periodo`: one month's closing, its settlements and lots. */
export function Component() {
  const periodo = useParams().periodo ?? '';
  if (!PERIODO_PATTERN.test(periodo)) return <UnknownPath />;
  return <PeriodoDetalle periodo={periodo} />;
}
