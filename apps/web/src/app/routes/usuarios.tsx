import { PERMISSIONS } from '@red-dental/contracts';
import { useRoles } from '@/features/roles/api/get-roles.ts';
import { UsuariosList } from '@/features/usuarios/components/usuarios-list.tsx';
import { useCan } from '@/lib/permissions.ts';

export function Component() {
  const roles = useRoles(useCan(PERMISSIONS.ROLES_GET));
  return <UsuariosList roles={roles.data} />;
}
