import { useParams } from 'react-router';
import { SecondFactorStep } from '@/features/acceso/components/second-factor-step.tsx';
import { InvitacionForm } from '@/features/usuarios/components/invitacion-form.tsx';

export function Component() {
  const { token = '' } = useParams();
  return (
    <InvitacionForm
      key={token}
      token={token}
      renderSecondFactorSetup={(props) => <SecondFactorStep {...props} />}
    />
  );
}
