import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe secret of 256 bits (recovery links, e-mail confirmations). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the SHA-256 of a mailed token is stored: a leaked table cannot be replayed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
