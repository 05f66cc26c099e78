import { useCallback } from 'react';
import { endSession } from '@/lib/session.ts';

/** Ends the session; its query cache goes with it (see query-boundary.tsx). */
export function useSignOut(): () => void {
  return useCallback(() => endSession('logout'), []);
}
