import { hasPermission, type PermissionRequirement, type SessionUser } from '@red-dental/contracts';
import { useMemo } from 'react';
import { useSession } from './session.ts';

/** Every permission name the user holds, over all of their roles. */
export function permissionsOf(user: SessionUser | null | undefined): Set<string> {
  const held = new Set<string>();
  for (const role of user?.roles ?? []) for (const permission of role.permissions) held.add(permission.name);
  return held;
}

export function userCan(user: SessionUser | null | undefined, required: PermissionRequirement): boolean {
  return hasPermission(permissionsOf(user), required);
}

/**
 * The signed-in user's permission check (`hasPermission`: a single name must
 * be held, a list entirely, `anyOf` one of them at least). Affiliates and
 * signed-out visitors hold none.
 */
export function usePermissions(): (required: PermissionRequirement) => boolean {
  const session = useSession();
  const user = session?.kind === 'staff' ? session.user : null;
  return useMemo(() => {
    const held = permissionsOf(user);
    return (required: PermissionRequirement) => hasPermission(held, required);
  }, [user]);
}

export function useCan(required: PermissionRequirement): boolean {
  return usePermissions()(required);
}
