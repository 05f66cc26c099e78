import { AfiliadoCreateForm } from '@/features/afiliados/components/afiliado-create-form.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';

export function Component() {
  const obrasSociales = useObrasSocialesList();
  return <AfiliadoCreateForm obrasSociales={obrasSociales.data} />;
}
