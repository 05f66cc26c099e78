import { useParams } from 'react-router';
import { InvitacionForm } from '@/features/auth/components/invitacion-form.tsx';

export function Component() {
  const { token = '' } = useParams();
  return <InvitacionForm key={token} token={token} />;
}
