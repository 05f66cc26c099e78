import { useParams } from 'react-router';
import { ConfirmRegistro } from '@/features/registro/components/confirm-registro.tsx';

export function Component() {
  const { token = '' } = useParams();
  return <ConfirmRegistro token={token} />;
}
