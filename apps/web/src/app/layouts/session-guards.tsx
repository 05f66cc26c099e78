import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { PageError, PageLoading } from '@/components/ui/page-status/index.ts';
import { afiliadoProfileQueryOptions } from '@/features/afiliados/api/get-afiliado-profile.ts';
import { meQueryOptions } from '@/features/auth/api/get-me.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { AFFILIATE_LANDING_PATH, loginPathFor, staffLandingPath } from '@/lib/paths.ts';
import {
  endSession,
  getLastEndedSession,
  type Session,
  updateSessionUser,
  useSession,
} from '@/lib/session.ts';

/** What the login page is told when it was reached because the API rejected the session. */
export interface LoginLocationState {
  sessionExpired?: boolean;
}

/** Sends a visitor without a session to the login page of the session they last had. */
function ToLogin() {
  const ended = getLastEndedSession();
  const state: LoginLocationState | undefined =
    ended?.reason === 'expired' ? { sessionExpired: true } : undefined;
  return <Navigate to={loginPathFor(ended?.kind ?? null)} replace state={state} />;
}

/**
 * Staff and professionals only. The stored user shows at once; `GET /api/user/me`
 * confirms the token in the background (a 401 there ends the session, which
 * sends the user to the login page) and refreshes the user's permissions.
 */
export function RequireStaffSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <ToLogin />;
  if (session.kind === 'afiliado') return <Navigate to={AFFILIATE_LANDING_PATH} replace />;
  return <ConfirmedStaffSession session={session}>{children}</ConfirmedStaffSession>;
}

function ConfirmedStaffSession({
  session,
  children,
}: {
  session: Extract<Session, { kind: 'staff' }>;
  children: ReactNode;
}) {
  const me = useQuery(meQueryOptions);

  useEffect(() => {
    if (me.data) updateSessionUser(me.data);
  }, [me.data]);

  useEffect(() => {
    // 403: the token is valid but no longer opens the back office (for example an affiliate's token).
    if (isApiError(me.error, 403)) endSession('expired');
  }, [me.error]);

  if (!session.user) {
    if (me.isPending) return <PageLoading />;
    if (me.error) return <PageError message={errorMessage(me.error)} />;
  }
  return children;
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
