import { useCallback, useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint: below 768 px the layout is the small-screen one. */
export const SMALL_SCREEN_QUERY = '(max-width: 767.98px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

export function useIsSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY);
}
