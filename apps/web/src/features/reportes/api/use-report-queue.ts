import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * Runs the queue of reports written offline for as long as the portal is
 * open: sent as it starts, when the connection returns and every 30 s while
 * something waits. Its code loads after the first paint, apart from the page's.
 */
export function useReportQueue(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./report-queue.ts')
      .then(({ startReportQueue }) => {
        if (cancelled) return;
        stop = startReportQueue(
          () => void queryClient.invalidateQueries({ queryKey: queryKeys.misReportes }),
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient]);
}
