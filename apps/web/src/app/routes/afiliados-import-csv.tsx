import { ImportAfiliadosCsv } from '@/features/afiliados/components/import-afiliados-csv.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { AddObraSocialButton } from '@/features/obras-sociales/components/add-obra-social-button.tsx';

export function Component() {
  const obrasSociales = useObrasSocialesList();
  return (
    <ImportAfiliadosCsv
      obrasSociales={obrasSociales.data}
      renderAddObraSocial={(onCreated) => <AddObraSocialButton onCreated={onCreated} />}
    />
  );
}
