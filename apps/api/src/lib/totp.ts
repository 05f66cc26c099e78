import { Secret, TOTP } from 'otpauth';

/*
 * Time-based one-time codes (RFC 6238, HMAC-SHA1, six digits), as the staff's
 * authenticator apps and the affiliate's phone compute them.
 */

/** One step before and after the current one: a phone's clock a little off still works. */
const WINDOW = 1;

export interface TotpOptions {
  /** The step in seconds. */
  period: number;
  /** What an authenticator app shows the code under (only for its URI). */
  label?: string;
  issuer?: string;
}

export const totpFor = (secret: string, o: TotpOptions) =>
  new TOTP({
    issuer: o.issuer,
    label: o.label,
    algorithm: 'SHA1',
    digits: 6,
    period: o.period,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret of 160 bits, in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/**
 * The time step of `code` if it is a valid code of `secret` now, one step
 * either side, and later than `lastStep`: a code is good once, and neither it
 * again nor an earlier one passes (replays within the window are refused).
 * `'used'` when it is right but already spent.
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  o: TotpOptions & { timestamp?: number },
): number | 'used' | undefined {
  const totp = totpFor(secret, o);
  const delta = totp.validate({ token: code, window: WINDOW, timestamp: o.timestamp });
  if (delta === null) return undefined;
  const step = totp.counter({ timestamp: o.timestamp }) + delta;
  return lastStep !== null && step <= lastStep ? 'used' : step;
}
