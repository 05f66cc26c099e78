import { Navigate } from 'react-router';
import { AFFILIATE_LANDING_PATH, PATHS, staffLandingPath } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';

/**
 * A path the app does not know (a mistyped address): a signed-in user goes to
 * their own landing page, a visitor to the staff login.
 */
export function UnknownPath() {
  const session = useSession();
  if (!session) return <Navigate to={PATHS.login} replace />;
  if (session.kind === 'afiliado') return <Navigate to={AFFILIATE_LANDING_PATH} replace />;
  return <Navigate to={staffLandingPath(session.user)} replace />;
}
