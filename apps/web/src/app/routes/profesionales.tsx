import { PERMISSIONS } from '@red-dental/contracts';
import { ProfesionalesList } from '@/features/profesionales/components/profesionales-list.tsx';
import { useCan } from '@/lib/permissions.ts';

export function Component() {
  const canReviewRequests = useCan(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST);
  const canDelete = useCan(PERMISSIONS.PROFESSIONALS_DELETE);
  const canReviewReports = useCan(PERMISSIONS.PROFESSIONALS_UPDATE);
  return (
    <ProfesionalesList
      canReviewRequests={canReviewRequests}
      canDelete={canDelete}
      canReviewReports={canReviewReports}
    />
  );
}
