/**
 * Remembers the tokens `verify` accepted, keyed by the token itself, until
 * each expires and for at most `maxAgeMs`: the check is a pure function of the
 * token, and it is the costliest step of an authenticated request. The token
 * as key needs no hash (fast-jwt's own cache takes a SHA-256 of it on every
 * look-up) and cannot collide. A token past its expiry is checked afresh, so
 * `verify` refuses it as it would have.
 */
export function rememberVerified<T extends { exp?: unknown }>(
  verify: (token: string) => T,
  { max = 2_000, maxAgeMs = 10 * 60_000 } = {},
): (token: string) => T {
  const accepted = new Map<string, { payload: T; until: number }>();
  return (token) => {
    const now = Date.now();
    const known = accepted.get(token);
    if (known && now < known.until) return known.payload;
    accepted.delete(token);
    const payload = verify(token);
    const expires = typeof payload.exp === 'number' ? payload.exp * 1000 : now;
    // The oldest entry makes room: Maps keep insertion order.
    if (accepted.size >= max) accepted.delete(accepted.keys().next().value as string);
    accepted.set(token, { payload, until: Math.min(expires, now + maxAgeMs) });
    return payload;
  };
}
