import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { afiliadoProfileQueryOptions } from '@/features/afiliados/api/get-afiliado-profile.ts';
import { loginPathFor, staffLandingPath } from '@/lib/paths.ts';
import { getLastEndedSession, useSession } from '@/lib/session.ts';

// The staff's guard lives in staff-session-guard.tsx, so the portal loads nothing of the back office.

/** What the login page is told when it was reached because the API rejected the session. */
export interface LoginLocationState {
  sessionExpired?: boolean;
}

/** Sends a visitor without a session to the login page of the session they last had. */
export function ToLogin() {
  const ended = getLastEndedSession();
  const state: LoginLocationState | undefined =
    ended?.reason === 'expired' ? { sessionExpired: true } : undefined;
  return <Navigate to={loginPathFor(ended?.kind ?? null)} replace state={state} />;
}

/**
 * Affiliates only. `GET /api/afiliados/profile` confirms the token; only a 401
 * (handled by the API client) ends the session, other failures are the screens' business.
 */
export function RequireAffiliateSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const isAffiliate = session?.kind === 'afiliado';
  useQuery({ ...afiliadoProfileQueryOptions, enabled: isAffiliate });
  if (!session) return <ToLogin />;
  if (session.kind === 'staff') return <Navigate to={staffLandingPath(session.user)} replace />;
  return children;
}
