import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageError, PageLoading } from '@/components/ui/page-status/index.ts';
import { meQueryOptions } from '@/features/acceso/api/get-me.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { AFFILIATE_LANDING_PATH, PATHS } from '@/lib/paths.ts';
import { useSecondFactorRequired } from '@/lib/second-factor-required.ts';
import { endSession, type Session, updateSessionUser, useSession } from '@/lib/session.ts';
import { ToLogin } from './session-guards.tsx';

/**
 * Staff and professionals only. The stored user shows at once; `GET /api/user/me`
 * confirms the token in the background (a 401 there ends the session, which
 * sends the user to the login page) and refreshes the user's permissions.
 */
export function RequireStaffSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <ToLogin kind="staff" />;
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
  const location = useLocation();
  // The server keeps this session to setting up its second factor: Mi cuenta is where that is done.
  const mustSetUpSecondFactor = useSecondFactorRequired();

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
  if (mustSetUpSecondFactor && location.pathname !== PATHS.miCuenta)
    return <Navigate to={PATHS.miCuenta} replace />;
  return children;
}
