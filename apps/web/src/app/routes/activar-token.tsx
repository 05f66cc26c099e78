import { useParams } from 'react-router';
import { ActivarToken } from '@/features/token-afiliado/components/activar-token.tsx';

export function Component() {
  const { token = '' } = useParams();
  return <ActivarToken enlace={token} />;
}
