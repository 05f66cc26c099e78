import { useEffect, useSyncExternalStore } from 'react';

/**
 * A title a screen gives itself when it depends on its data ('Completar
 * Perfil' or 'Mi Perfil'), over the one its route declares. The layouts show
 * it in the header and the browser tab.
 */
let override: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null) {
  if (override === title) return;
  override = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by a screen: its title while it is shown. */
export function useScreenTitle(title: string): void {
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [title]);
}

/** Read by the layouts: the screen's own title, if it gave one. */
export function useScreenTitleOverride(): string | null {
  const read = () => override;
  return useSyncExternalStore(subscribe, read, read);
}
