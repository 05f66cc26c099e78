/**
 * What an affiliate's session token says of itself, read without checking its
 * signature (only the server holds the key): whose session it is and when it
 * ends. Enough for the device to know when the copy it keeps for reading
 * offline must go; whether the token is good is still the server's to say.
 */
export interface AfiliadoTokenClaims {
  /** The affiliate as the server's file links name them (`s=a.<id>.<token version>`). */
  subject: string;
  /** When the token expires, on the server's clock (ms since the epoch). */
  expiresAt: number;
}

/** The claims of an affiliate's token (a JWT), or null for any other token or none. */
export function readAfiliadoToken(token: string | null | undefined): AfiliadoTokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
  const { kind, sub, tv, exp } = (claims ?? {}) as Record<string, unknown>;
  if (kind !== 'afiliado' || typeof sub !== 'string' || !/^[1-9][0-9]*$/.test(sub)) return null;
  if (!Number.isSafeInteger(tv) || (tv as number) < 0 || typeof exp !== 'number' || !Number.isFinite(exp))
    return null;
  return { subject: `a.${sub}.${tv}`, expiresAt: exp * 1000 };
}
