import { PERMISSIONS } from '@red-dental/contracts';
import { ImportAfiliadosCsv } from '@/features/afiliados/components/import-afiliados-csv.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { AddObraSocialButton } from '@/features/obras-sociales/components/add-obra-social-button.tsx';
import { usePermissions } from '@/lib/permissions.ts';

export function Component() {
  const obrasSociales = useObrasSocialesList();
  const can = usePermissions();
  return (
    <ImportAfiliadosCsv
      obrasSociales={obrasSociales.data}
      canDarDeBaja={can(PERMISSIONS.AFILIADOS_DELETE)}
      renderAddObraSocial={
        // 'Agregar Obra Social' only for who may add one: the server would refuse anyone else.
        can(PERMISSIONS.OBRA_SOCIALES_CREATE)
          ? (onCreated) => <AddObraSocialButton onCreated={onCreated} />
          : undefined
      }
    />
  );
}
