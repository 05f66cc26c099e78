import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { afiliadoProfileQueryOptions } from '@/features/afiliados/api/get-afiliado-profile.ts';
import { loginPathFor, PATHS, staffLandingPath } from '@/lib/paths.ts';
import { getLastEndedSession, type SessionKind, useSession } from '@/lib/session.ts';
import { readAfiliadoToken } from '@/lib/session-token.ts';
import { readTokenGuardado } from '@/lib/token-guardado.ts';

// The staff's guard lives in staff-session-guard.tsx, so the portal loads nothing of the back office.

/** What the login page is told when it was reached because the API rejected the session. */
export interface LoginLocationState {
  sessionExpired?: boolean;
}

/**
 * Sends a visitor without a session to the sign-in page of the routes they
 * asked for (`kind`: the portal's, or the back office's), which brings them
 * back to the page and its query once signed in. Someone who signed out of
 * this kind of session in this page goes to the plain sign-in page: they asked
 * to leave, not to come back; one whose session expired is told so.
 */
export function ToLogin({ kind }: { kind: SessionKind }) {
  const location = useLocation();
  const ended = getLastEndedSession();
  const endedHere = ended?.kind === kind ? ended.reason : null;
  const state: LoginLocationState | undefined =
    endedHere === 'expired' ? { sessionExpired: true } : undefined;
  const asked = `${location.pathname}${location.search}`;
  const returnTo = endedHere === 'logout' || location.pathname === '/' ? undefined : asked;
  return <Navigate to={loginPathFor(kind, returnTo)} replace state={state} />;
}

/** How long after the token's expiry the profile is read again, so every clock that judges it agrees it has passed. */
const PAST_EXPIRY_MS = 2_000;

/**
 * Affiliates only. `GET /api/afiliados/profile` confirms the token; only a 401
 * (handled by the API client) ends the session, other failures are the screens' business.
 * When the token's time is up the profile is read again, so the portal gives way to the
 * sign-in page without waiting for the next read: the server says the session is over,
 * or offline the service worker says it for the server and deletes its copy.
 */
export function RequireAffiliateSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const isAffiliate = session?.kind === 'afiliado';
  const { refetch } = useQuery({ ...afiliadoProfileQueryOptions, enabled: isAffiliate });
  const expiresAt = isAffiliate ? readAfiliadoToken(session.token)?.expiresAt : undefined;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, expiresAt - Date.now()) + PAST_EXPIRY_MS);
    return () => clearTimeout(timer);
  }, [expiresAt, refetch]);
  // The phone shows its token with no session too (one that expired offline, days after signing in).
  if (!session && location.pathname === PATHS.miToken && readTokenGuardado()) return children;
  if (!session) return <ToLogin kind="afiliado" />;
  if (session.kind === 'staff') return <Navigate to={staffLandingPath(session.user)} replace />;
  return children;
}
