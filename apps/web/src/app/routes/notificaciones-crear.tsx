import { PERMISSIONS } from '@red-dental/contracts';
import { useEspecialidades } from '@/features/especialidades/api/get-especialidades.ts';
import { CrearNotificacion } from '@/features/notificaciones/components/crear-notificacion.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { useZonas } from '@/features/zonas/api/get-zonas.ts';
import { useCan } from '@/lib/permissions.ts';

export function Component() {
  const obrasSociales = useObrasSocialesList();
  const zonas = useZonas();
  const especialidades = useEspecialidades();
  const canPickProfesionales = useCan(PERMISSIONS.PROFESSIONALS_GET);
  return (
    <CrearNotificacion
      obrasSociales={obrasSociales.data}
      zonas={zonas.data}
      especialidades={especialidades.data}
      canPickProfesionales={canPickProfesionales}
    />
  );
}
