import { MESSAGES } from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@/lib/paths.ts';
import { useRunOnce } from '@/lib/use-run-once.ts';
import { buttonClasses } from '../button/index.ts';
import { LinkOutcome, type LinkOutcomeProps } from './link-outcome.tsx';

export interface MailedLinkOutcomeProps {
  title: string;
  token: string;
  /** Spends the link's token; called once, as the page opens. */
  confirm: (token: string) => void;
  /** Where spending it stands. */
  status: LinkOutcomeProps['status'];
  /** The server's words: what was done, or why not. */
  message?: string;
}

/** A single-use link mailed to an address, opened: spent once, the server's words shown, then the sign-in. */
export function MailedLinkOutcome({ title, token, confirm, status, message }: MailedLinkOutcomeProps) {
  // The token is single use: a second call would report it as spent.
  useRunOnce(confirm, token);
  return (
    <LinkOutcome title={title} status={status} pendingText="Confirmando su email..." message={message}>
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
