import { PERMISSIONS } from '@red-dental/contracts';
import { AfiliadosList } from '@/features/afiliados/components/afiliados-list.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { useCan } from '@/lib/permissions.ts';

export function Component() {
  const canManage = useCan(PERMISSIONS.AFILIADOS_CREATE);
  const canDarDeBaja = useCan(PERMISSIONS.AFILIADOS_DELETE);
  const obrasSociales = useObrasSocialesList(canManage);
  return (
    <AfiliadosList canManage={canManage} canDarDeBaja={canDarDeBaja} obrasSociales={obrasSociales.data} />
  );
}
