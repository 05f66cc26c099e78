import { PERMISSIONS, REQUIREMENTS } from '@red-dental/contracts';
import { AfiliadosList, type AfiliadosLookup } from '@/features/afiliados/components/afiliados-list.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { usePlanes } from '@/features/planes/api/get-planes.ts';
import { TokenAfiliadoStaff } from '@/features/token-afiliado/components/token-afiliado-staff.tsx';
import { usePermissions } from '@/lib/permissions.ts';

export function Component() {
  const can = usePermissions();
  const isRegistry = can(REQUIREMENTS.AFILIADOS_REGISTRY);
  const lookup: AfiliadosLookup = isRegistry
    ? 'registry'
    : can(PERMISSIONS.AFILIADOS_GET)
      ? 'coverage'
      : 'none';
  const obrasSociales = useObrasSocialesList(isRegistry);
  const planes = usePlanes(undefined, isRegistry && can(REQUIREMENTS.AFILIADOS_EDIT));
  return (
    <AfiliadosList
      lookup={lookup}
      canCreate={can(PERMISSIONS.AFILIADOS_CREATE)}
      canEdit={can(REQUIREMENTS.AFILIADOS_EDIT)}
      canDarDeBaja={can(REQUIREMENTS.AFILIADOS_BAJA)}
      canExport={can(REQUIREMENTS.AFILIADOS_EXPORT)}
      obrasSociales={obrasSociales.data}
      planes={planes.data}
      recordExtra={(a) => <TokenAfiliadoStaff afiliadoId={a.id} />}
    />
  );
}
