export type { LinkOutcomeProps } from './link-outcome.tsx';
export { LinkOutcome } from './link-outcome.tsx';
