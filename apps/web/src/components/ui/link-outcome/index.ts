export type { LinkOutcomeProps } from './link-outcome.tsx';
export { LinkOutcome } from './link-outcome.tsx';
export type { MailedLinkOutcomeProps, SpentLinkProps } from './mailed-link-outcome.tsx';
export { MailedLinkOutcome, SpentLink } from './mailed-link-outcome.tsx';
