import { MESSAGES, type MessageResponse } from '@red-dental/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { LinkOutcome } from '@/components/ui/link-outcome/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { useRunOnce } from '@/lib/use-run-once.ts';

export interface MailedLinkOutcomeProps {
  title: string;
  token: string;
  /** The mutation that spends the link's token. */
  confirmation: UseMutationResult<MessageResponse, Error, string>;
}

/** A single-use link mailed to an address, opened: spent once, the server's words shown, then the sign-in. */
export function MailedLinkOutcome({ title, token, confirmation }: MailedLinkOutcomeProps) {
  // The token is single use: a second call would report it as spent.
  useRunOnce(confirmation.mutate, token);
  return (
    <LinkOutcome
      title={title}
      status={confirmation.status}
      pendingText="Confirmando su email..."
      message={confirmation.isError ? errorMessage(confirmation.error) : confirmation.data?.message}
    >
      <Link to={PATHS.login} className={buttonClasses({ size: 'full' })}>
        Ir al inicio de sesión
      </Link>
    </LinkOutcome>
  );
}

export interface SpentLinkProps {
  title: string;
  /** How to get a new link: who sends it, or the button that asks for one. */
  hint: ReactNode;
  children: ReactNode;
}

/**
 * A mailed link (password recovery, an invitation) opened once it was used or
 * its time ran out: said as the page opens, instead of a form whose answer
 * would only say it after everything was typed, with the way to a new one.
 */
export function SpentLink({ title, hint, children }: SpentLinkProps) {
  return (
    <LinkOutcome title={title} status="error" pendingText="" message={MESSAGES.LINK_SPENT} errorHint={hint}>
      {children}
    </LinkOutcome>
  );
}
