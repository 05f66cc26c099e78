import { useParams } from 'react-router';
import { ConfirmEmail } from '@/features/afiliados/components/confirm-email.tsx';

export function Component() {
  const { token = '' } = useParams();
  return <ConfirmEmail token={token} />;
}
