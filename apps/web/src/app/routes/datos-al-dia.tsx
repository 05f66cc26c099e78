import { useParams } from 'react-router';
import { DatosAlDia } from '@/features/profesionales/components/datos-al-dia.tsx';

export function Component() {
  const { token = '' } = useParams();
  return <DatosAlDia token={token} />;
}
