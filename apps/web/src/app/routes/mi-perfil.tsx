import { useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { LockIcon, UserIcon } from '@/components/ui/icons/index.ts';
import { ChangePasswordModal } from '@/features/auth/components/change-password-modal.tsx';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  return (
    <>
      <UpcomingFeature
        icon={<UserIcon />}
        title="Su perfil profesional"
        description="Aquí podrá completar y mantener al día su perfil en la cartilla de la red."
        items={['Datos de contacto, dirección y especialidades', 'Horarios de atención y de guardia']}
      >
        <Button variant="secondary" onClick={() => setIsChangingPassword(true)}>
          <LockIcon size={18} />
          Cambiar Contraseña
        </Button>
      </UpcomingFeature>
      <ChangePasswordModal isOpen={isChangingPassword} onClose={() => setIsChangingPassword(false)} />
    </>
  );
}
