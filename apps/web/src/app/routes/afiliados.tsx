import { PERMISSIONS, REQUIREMENTS } from '@red-dental/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { CountBadge } from '@/components/ui/count-badge/index.ts';
import { AlertIcon } from '@/components/ui/icons/index.ts';
import { AfiliadosList, type AfiliadosLookup } from '@/features/afiliados/components/afiliados-list.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { usePlanes } from '@/features/planes/api/get-planes.ts';
import { usePendientes } from '@/features/profesionales/api/get-pendientes.ts';
import { TokenAfiliadoStaff } from '@/features/token-afiliado/components/token-afiliado-staff.tsx';
import { formatCount } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
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
  const canEdit = can(REQUIREMENTS.AFILIADOS_EDIT);
  const planes = usePlanes(undefined, isRegistry && canEdit);
  // The affiliates' answers that said a visit did not happen or was overcharged, still to review.
  const { confirmaciones } = usePendientes(isRegistry && canEdit);
  return (
    <AfiliadosList
      lookup={lookup}
      canCreate={can(PERMISSIONS.AFILIADOS_CREATE)}
      canEdit={canEdit}
      canDarDeBaja={can(REQUIREMENTS.AFILIADOS_BAJA)}
      canExport={can(REQUIREMENTS.AFILIADOS_EXPORT)}
      obrasSociales={obrasSociales.data}
      planes={planes.data}
      recordExtra={(a) => <TokenAfiliadoStaff afiliadoId={a.id} />}
      queues={
        isRegistry &&
        canEdit && (
          <Link to={PATHS.afiliadosConfirmaciones} className={buttonClasses({ variant: 'secondary' })}>
            <AlertIcon size={18} />
            Confirmaciones observadas
            <CountBadge
              count={confirmaciones ?? 0}
              words={formatCount(confirmaciones ?? 0, 'sin revisar', 'sin revisar')}
            />
          </Link>
        )
      }
    />
  );
}
