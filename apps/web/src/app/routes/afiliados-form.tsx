import { REQUIREMENTS } from '@red-dental/contracts';
import { AfiliadoCreateForm } from '@/features/afiliados/components/afiliado-create-form.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { usePlanes } from '@/features/planes/api/get-planes.ts';
import { useCan } from '@/lib/permissions.ts';

export function Component() {
  const obrasSociales = useObrasSocialesList();
  const canSeeInList = useCan(REQUIREMENTS.AFILIADOS_REGISTRY);
  const planes = usePlanes();
  return (
    <AfiliadoCreateForm obrasSociales={obrasSociales.data} planes={planes.data} canSeeInList={canSeeInList} />
  );
}
