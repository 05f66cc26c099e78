import { SESSION_KEY, TOKEN_KEY } from './session-keys.ts';

/**
 * A portal page's first reads, started by a small script of the page itself
 * (build/pages.ts) while the app's files are still downloading: the answers
 * are on their way, or already here, when the screens ask for them.
 */
interface EarlyRead {
  token: string;
  /** When it was asked for (Date.now()). */
  at: number;
  /** null when the request failed: the app then asks on its own. */
  response: Promise<Response | null>;
}

const GLOBAL = 'redDentalEarlyReads';

declare global {
  var redDentalEarlyReads: Map<string, EarlyRead> | undefined;
}

/**
 * The page's script (classic, deferred, so it runs before the app's modules):
 * for a signed-in affiliate, the addresses in its data-reads attribute are
 * asked for as the app would ask (same headers), and kept by address.
 */
export function earlyReadsScript(): string {
  return `(() => {
  try {
    const token = localStorage.getItem(${JSON.stringify(TOKEN_KEY)});
    const session = JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_KEY)}) ?? 'null');
    // Another page of a list (?page=2) reads something else: the screen asks on its own.
    if (!token || session?.kind !== 'afiliado' || location.search !== '') return;
    const headers = { Accept: 'application/json', Authorization: \`Bearer \${token}\` };
    const reads = (globalThis.${GLOBAL} = new Map());
    for (const url of document.currentScript.dataset.reads.split(' '))
      reads.set(url, { token, at: Date.now(), response: fetch(url, { headers }).catch(() => null) });
  } catch {
    // Without storage the app asks on its own.
  }
})();
`;
}

/** How long an early answer stands for the screen's first request; a later one asks again. */
const FRESH_MS = 10_000;

/**
 * The answer of a read the page started, taken once: only for the same
 * address asked with the same token (a session started since asks again),
 * and only while the page is starting (an answer left unused goes stale).
 */
export function takeEarlyRead(url: string, token: string): Promise<Response | null> | undefined {
  const read = globalThis.redDentalEarlyReads?.get(url);
  if (!read) return undefined;
  globalThis.redDentalEarlyReads?.delete(url);
  return read.token === token && Date.now() - read.at < FRESH_MS ? read.response : undefined;
}
