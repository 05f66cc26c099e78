import { useCallback } from 'react';
import { logout } from '@/features/acceso/api/logout.ts';
import { endSession, getSession } from '@/lib/session.ts';

/**
 * Ends the session: its token is also revoked on the server, so a copy of it
 * is worth nothing; the query cache goes with the session (query-boundary.tsx).
 * Leaving does not wait for the server, and fails quietly if it is unreachable.
 */
export function useSignOut(): () => void {
  return useCallback(() => {
    const kind = getSession()?.kind;
    if (kind) logout(kind).catch(() => undefined);
    endSession('logout');
  }, []);
}
