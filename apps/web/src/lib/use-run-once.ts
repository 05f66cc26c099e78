import { useEffect, useRef } from 'react';

/**
 * Calls `run(arg)` once for the life of the component, even when React runs
 * effects twice (development's StrictMode): for what must not happen twice,
 * such as spending a single-use link.
 */
export function useRunOnce<T>(run: (arg: T) => void, arg: T): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run(arg);
  }, [run, arg]);
}
