import { existsSync } from 'node:fs';

/**
 * The browser the tests and benchmarks drive, from Debian's packages (nothing
 * is downloaded): the headless shell where it is installed, the full browser
 * otherwise. The shell draws no window of its own around the page, so a page
 * costs the machine's two cores less.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** The full browser, for the audits that expect one (Lighthouse). */
export const CHROMIUM_FULL_PATH = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';

/** How the tests and benchmarks start it: headless, without sandbox, GPU or anything that calls out. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
