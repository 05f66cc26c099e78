import { useMemo } from 'react';
import { canOpen } from './paths.ts';
import { useSession } from './session.ts';

/**
 * Whether the signed-in user may open a back-office screen (`canOpen`): a
 * link or a button to a screen shows only when it does.
 */
export function useCanOpen(): (to: string) => boolean {
  const session = useSession();
  const user = session?.kind === 'staff' ? session.user : null;
  return useMemo(() => (to: string) => canOpen(user, to), [user]);
}
