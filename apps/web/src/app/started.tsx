import { type ReactNode, useLayoutEffect } from 'react';

declare global {
  /** Set by a sign-in page's loader (build/pages.ts): sends the form submitted while the app loaded. */
  var redDentalAppStarted: (() => void) | undefined;
}

/**
 * Wraps the app, drawing nothing of its own (so the page drawn at build time,
 * which has it too, matches). Once the page is the app's, a form submitted
 * while it loaded is sent; before the browser handles any other event, so it
 * is sent once.
 */
export function Started({ children }: { children: ReactNode }) {
  useLayoutEffect(() => globalThis.redDentalAppStarted?.(), []);
  return children;
}
