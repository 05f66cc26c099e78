import { Navigate } from 'react-router';
import { staffHomePath } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';

/** `/`: on to /afiliados, the back office's first screen, or to the landing page of a role that does not open it. */
export function StaffHome() {
  const session = useSession();
  return <Navigate to={staffHomePath(session?.kind === 'staff' ? session.user : null)} replace />;
}
