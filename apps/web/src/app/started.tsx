import { type ReactNode, useLayoutEffect } from 'react';

declare global {
  /** Set by a sign-in page's loader (build/pages.ts): does what was pressed or sent while the app loaded. */
  var redDentalAppStarted: (() => void) | undefined;
}

/**
 * Wraps the app, drawing nothing of its own (so the page drawn at build time,
 * which has it too, matches). Once the page is the app's, a button pressed or
 * a form sent while it loaded is done again; before the browser handles any
 * other event, so it is done once.
 */
export function Started({ children }: { children: ReactNode }) {
  useLayoutEffect(() => globalThis.redDentalAppStarted?.(), []);
  return children;
}
