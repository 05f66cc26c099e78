import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endSession } from '@/lib/session.ts';

/** Ends the session and forgets everything cached for it. */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    endSession('logout');
    queryClient.clear();
  }, [queryClient]);
}
