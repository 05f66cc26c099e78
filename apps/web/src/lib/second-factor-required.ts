import { useSyncExternalStore } from 'react';
import { useSession } from './session.ts';

// The server answers 403 SEGUNDO_FACTOR_REQUERIDO to a session that must set up its second factor
// before anything else. The API client notes which token was refused; while the session still holds
// that token, the staff shell keeps the user on Mi cuenta, where the panel sets it up. Turning it on
// clears the note; a new sign-in has another token, so the note no longer applies.

let refusedToken: string | null = null;
const listeners = new Set<() => void>();

function set(token: string | null) {
  if (refusedToken === token) return;
  refusedToken = token;
  for (const listener of listeners) listener();
}

export const noteSecondFactorRequired = (token: string) => set(token);
export const clearSecondFactorRequired = () => set(null);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => refusedToken;

/** Whether the server said this session must set up its second factor first. */
export function useSecondFactorRequired(): boolean {
  const token = useSession()?.token;
  const refused = useSyncExternalStore(subscribe, read, () => null);
  return refused !== null && refused === token;
}
