import { PERMISSIONS, REQUIREMENTS } from '@red-dental/contracts';
import { ProfesionalesList } from '@/features/profesionales/components/profesionales-list.tsx';
import { usePermissions } from '@/lib/permissions.ts';

export function Component() {
  const can = usePermissions();
  const canEdit = can(REQUIREMENTS.PROFESIONALES_EDIT);
  return (
    <ProfesionalesList
      canReviewRequests={can(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)}
      canDelete={can(REQUIREMENTS.PROFESIONALES_DELETE)}
      canEdit={canEdit}
      canReviewReports={canEdit}
    />
  );
}
