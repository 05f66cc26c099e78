import { useCallback, useState } from 'react';

/** The rows a list's checkboxes picked, for an action on all of them (deleting, for instance). */
export function useSelection<T>() {
  const [selected, setSelected] = useState<ReadonlySet<T>>(new Set());
  const toggle = useCallback(
    (id: T, isChecked: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (isChecked) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, clear };
}
