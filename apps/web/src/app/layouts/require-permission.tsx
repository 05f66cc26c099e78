import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PATHS, staffLandingPath } from '@/lib/paths.ts';
import { type PermissionRequirement, useCan } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session.ts';
import { Forbidden } from './forbidden.tsx';

/** A staff screen that needs a permission: without it, a notice instead of a broken screen. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: PermissionRequirement;
  children: ReactNode;
}) {
  const session = useSession();
  const isAllowed = useCan(permission);
  const location = useLocation();
  if (isAllowed) return children;
  const home = staffLandingPath(session?.kind === 'staff' ? session.user : null);
  // The landing page itself is never refused, or the user would have nowhere to go.
  return <Forbidden homePath={home === location.pathname ? PATHS.afiliados : home} />;
}
