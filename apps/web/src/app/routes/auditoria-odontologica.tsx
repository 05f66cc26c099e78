import { PERMISSIONS } from '@red-dental/contracts';
import { MesaAuditoria } from '@/features/autorizaciones/components/mesa-auditoria.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { useCan } from '@/lib/permissions.ts';

/** `/auditoria-odontologica`: the dental auditor's workbench; the insurers for its filter, when the role reads them. */
export function Component() {
  const obrasSociales = useObrasSocialesList(useCan(PERMISSIONS.OBRA_SOCIALES_GET));
  return <MesaAuditoria obrasSociales={obrasSociales.data ?? []} />;
}
