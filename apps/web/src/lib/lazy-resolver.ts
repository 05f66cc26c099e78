import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver loaded with the form's first check (a submit): a screen
 * that mostly shows data, and only sometimes saves it, opens without the
 * schema library. `load` imports a module that builds the real resolver. If
 * it cannot be loaded (offline, a new deployment), the values go unchecked
 * and the server's answer speaks for them, as it does for any save.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    loaded ??= load().catch(() => {
      // A failed download is tried again at the next submit.
      loaded = null;
      return (unchecked: T) => ({ values: unchecked, errors: {} });
    });
    return (await loaded)(values, context, options);
  };
}
