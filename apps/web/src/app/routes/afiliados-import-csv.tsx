import { PERMISSIONS } from '@red-dental/contracts';
import { ImportAfiliadosCsv } from '@/features/afiliados/components/import-afiliados-csv.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { AddObraSocialButton } from '@/features/obras-sociales/components/add-obra-social-button.tsx';
import { useCan } from '@/lib/permissions.ts';

export function Component() {
  const obrasSociales = useObrasSocialesList();
  const canDarDeBaja = useCan(PERMISSIONS.AFILIADOS_DELETE);
  return (
    <ImportAfiliadosCsv
      obrasSociales={obrasSociales.data}
      canDarDeBaja={canDarDeBaja}
      renderAddObraSocial={(onCreated) => <AddObraSocialButton onCreated={onCreated} />}
    />
  );
}
