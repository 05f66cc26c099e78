import { ChangePasswordModal } from '@/features/acceso/components/change-password-modal.tsx';
import { useEspecialidades } from '@/features/especialidades/api/get-especialidades.ts';
import { MiPerfil } from '@/features/profesionales/components/mi-perfil.tsx';

export function Component() {
  const especialidades = useEspecialidades();
  return (
    <MiPerfil
      especialidades={especialidades.data}
      renderChangePassword={(props) => <ChangePasswordModal {...props} />}
    />
  );
}
