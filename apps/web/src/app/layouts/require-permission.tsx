import type { PermissionRequirement } from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { staffLandingPath } from '@/lib/paths.ts';
import { useCan } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session.ts';
import { Forbidden } from './forbidden.tsx';

/**
 * A staff screen that needs a permission: without it (an address typed or
 * kept from another role; no link leads there), a notice instead of a broken
 * screen, with the way to the user's landing page, which always opens.
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: PermissionRequirement;
  children: ReactNode;
}) {
  const session = useSession();
  const isAllowed = useCan(permission);
  if (isAllowed) return children;
  return <Forbidden homePath={staffLandingPath(session?.kind === 'staff' ? session.user : null)} />;
}
