import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { formatMomentTime } from '@/lib/format.ts';

/** While a screen shows its kept copy, the server is asked again this often (a slow connection sends no event). */
const RETRY_MS = 30_000;
/** After the connection is back, the second try. */
const ONLINE_AGAIN_MS = 2_000;

/**
 * 'Sin conexión — cartilla del 27/11/2026 14:05': shown while a screen reads
 * the copy kept on the device (Buenos Aires time). The screen's reads run
 * again when the connection comes back, and every half minute meanwhile; the
 * notice goes with the first fresh answer.
 */
export function OfflineNotice({
  savedAt,
  what,
  className,
}: {
  /** When the copy on screen was saved (its read's `keptSince`); null while the answer is fresh. */
  savedAt: string | null;
  what: string;
  className?: string;
}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!savedAt) return;
    const refresh = () => void queryClient.refetchQueries({ type: 'active' });
    // A page opened offline never saw the connection go, so the query cache's own reconnect may not
    // fire. The connection often comes back by steps: asked at once, and again a moment later.
    let again: ReturnType<typeof setTimeout> | undefined;
    const onOnline = () => {
      refresh();
      clearTimeout(again);
      again = setTimeout(refresh, ONLINE_AGAIN_MS);
    };
    window.addEventListener('online', onOnline);
    const timer = setInterval(refresh, RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
      clearTimeout(again);
    };
  }, [savedAt, queryClient]);
  if (!savedAt) return null;
  return (
    <Alert variant="warning" className={className}>
      Sin conexión — {what} del {formatMomentTime(savedAt)}
    </Alert>
  );
}
