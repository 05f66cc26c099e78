import { useParams } from 'react-router';
import { ConfirmEmailCuenta } from '@/features/usuarios/components/confirm-email-cuenta.tsx';

export function Component() {
  const { token = '' } = useParams();
  return <ConfirmEmailCuenta token={token} />;
}
