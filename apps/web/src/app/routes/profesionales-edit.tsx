import { REQUIREMENTS } from '@red-dental/contracts';
import { useParams } from 'react-router';
import { useEspecialidades } from '@/features/especialidades/api/get-especialidades.ts';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { ProfesionalAdminEdit } from '@/features/profesionales/components/profesional-admin-edit.tsx';
import { ReportesPanel } from '@/features/reportes/components/reportes-panel.tsx';
import { useZonas } from '@/features/zonas/api/get-zonas.ts';
import { ZonaModal } from '@/features/zonas/components/zona-modal.tsx';
import { useCan } from '@/lib/permissions.ts';
import { UnknownPath } from '../layouts/unknown-path.tsx';

export function Component() {
  const id = Number(useParams().id);
  const especialidades = useEspecialidades();
  const obrasSociales = useObrasSocialesList();
  const zonas = useZonas();
  const canEdit = useCan(REQUIREMENTS.PROFESIONALES_EDIT);
  if (!Number.isSafeInteger(id) || id < 1) return <UnknownPath />;
  return (
    <ProfesionalAdminEdit
      key={id}
      id={id}
      canEdit={canEdit}
      especialidades={especialidades.data}
      obrasSociales={obrasSociales.data}
      zonas={zonas.data}
      renderNuevaZona={({ onCreated, ...props }) => <ZonaModal {...props} onSaved={onCreated} />}
      renderReportes={({ id, nombre }) => <ReportesPanel profesionalId={id} nombre={nombre} />}
    />
  );
}
