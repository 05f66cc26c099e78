import type { SessionUser } from '@red-dental/contracts';
import { useSyncExternalStore } from 'react';
import { deletePersonalCopy } from './offline-copy.ts';
import { SESSION_KEY, TOKEN_KEY } from './session-keys.ts';
import { afiliadoIdOf, forgetTokenGuardado, readTokenGuardado } from './token-guardado.ts';

export { SESSION_KEY, TOKEN_KEY };

/**
 * Two kinds of session that never mix: staff and professionals sign in with
 * e-mail and password, affiliates with their document only. `user` is null
 * while a staff token read from storage has not been confirmed by the API.
 */
export type Session =
  | { kind: 'staff'; token: string; user: SessionUser | null }
  | { kind: 'afiliado'; token: string };
export type SessionKind = Session['kind'];

type Listener = () => void;
const listeners = new Set<Listener>();

let current: Session | null = readStoredSession();
/**
 * Counts sign-ins and sign-outs in this page: what belongs to one session
 * (its query cache) is keyed by it. A renewed token is the same session.
 */
let epoch = 0;
/** Why a session ended: the user signed out, or the API stopped accepting the token. */
export type SessionEndReason = 'logout' | 'expired';
export interface EndedSession {
  kind: SessionKind;
  reason: SessionEndReason;
}
/** The last session that ended in this page, to send its owner back to the right login page. */
let lastEnded: EndedSession | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readStoredSession(): Session | null {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY);
  if (!token) return null;
  try {
    const saved = JSON.parse(store?.getItem(SESSION_KEY) ?? 'null') as {
      kind?: string;
      user?: SessionUser;
    } | null;
    if (saved?.kind === 'afiliado') return { kind: 'afiliado', token };
    return { kind: 'staff', token, user: saved?.user ?? null };
  } catch {
    // A token without a readable description is treated as staff and confirmed with the API.
    return { kind: 'staff', token, user: null };
  }
}

function writeStoredSession(session: Session | null): void {
  const store = storage();
  if (!store) return;
  if (!session) {
    store.removeItem(TOKEN_KEY);
    store.removeItem(SESSION_KEY);
    return;
  }
  store.setItem(TOKEN_KEY, session.token);
  store.setItem(
    SESSION_KEY,
    JSON.stringify(session.kind === 'staff' ? { kind: 'staff', user: session.user } : { kind: 'afiliado' }),
  );
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Takes `session` as this page's session without storing it or telling
 * anyone: the build draws the portal's frame (app/prerender.tsx) as a
 * signed-in affiliate sees it while their data are on the way.
 */
export function assumeSessionForPrerender(session: Session | null): void {
  current = session;
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

/**
 * The affiliate's token kept on this device stays only for the same affiliate: anyone else signing
 * in here ends it, on the device and (with its current code, when there is a connection) on the server.
 */
function keepTokenOnlyFor(session: Session): void {
  const kept = readTokenGuardado();
  if (!kept || (session.kind === 'afiliado' && afiliadoIdOf(session.token) === kept.afiliadoId)) return;
  forgetTokenGuardado();
  void import('./token-codigo.ts').then((m) => m.olvidarEnServidor(kept));
}

export function startSession(session: Session): void {
  void deletePersonalCopy();
  keepTokenOnlyFor(session);
  current = session;
  epoch += 1;
  lastEnded = null;
  writeStoredSession(session);
  emit();
}

/** Replaces the stored staff user (for example with the fresh copy from `GET /api/user/me`). */
export function updateSessionUser(user: SessionUser): void {
  if (current?.kind !== 'staff') return;
  current = { ...current, user };
  writeStoredSession(current);
  emit();
}

/** Replaces the token of the current session (the server issues a new one when the password changes). */
export function renewSessionToken(token: string): void {
  if (!current) return;
  current = { ...current, token };
  writeStoredSession(current);
  emit();
}

/** Forgets the token: on logout, or when the API no longer accepts it. */
export function endSession(reason: SessionEndReason): void {
  if (current) {
    lastEnded = { kind: current.kind, reason };
    epoch += 1;
  }
  // What was kept for reading offline goes with the session that saw it; the token, when the
  // affiliate signs out (the server ends it too), not when the session merely expires.
  void deletePersonalCopy();
  if (reason === 'logout') forgetTokenGuardado();
  current = null;
  writeStoredSession(null);
  emit();
}

export function getLastEndedSession(): EndedSession | null {
  return lastEnded;
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}

const getEpoch = () => epoch;

/** Changes when a session starts or ends, not when its token is renewed. */
export function useSessionEpoch(): number {
  return useSyncExternalStore(subscribeToSession, getEpoch, getEpoch);
}

/** Whether `next` continues `previous` (same kind and same person) rather than being another session. */
function isSameSession(previous: Session | null, next: Session | null): boolean {
  if (!previous || !next || previous.kind !== next.kind) return previous === next;
  if (previous.kind === 'afiliado') return previous.token === next.token;
  const nextUser = next.kind === 'staff' ? next.user : null;
  return previous.token === next.token || (previous.user !== null && previous.user.id === nextUser?.id);
}

/** Re-reads storage, for another tab signing in or out, and for tests. */
export function reloadSessionFromStorage(): void {
  const next = readStoredSession();
  if (!next && current) lastEnded = { kind: current.kind, reason: 'logout' };
  if (!isSameSession(current, next)) {
    epoch += 1;
    void deletePersonalCopy();
  }
  current = next;
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === SESSION_KEY)
      reloadSessionFromStorage();
  });
}
