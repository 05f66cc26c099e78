import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Seals short secrets kept in the database (TOTP secrets) with AES-256-GCM, so
 * a copy of the database alone does not give away second factors: the key is
 * stored apart from the rows it protects. Sealed text is `iv.tag.ciphertext`,
 * each base64url.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A keyed hash (HMAC-SHA256, base64url) of a short secret kept only to be compared, such as a recovery code. */
  digest(value: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret box needs a 32-byte key');
  // A key of its own for the hashes, derived from the box's, so one key never serves two algorithms.
  const digestKey = createHash('sha256').update('red-dental:digest\n').update(key).digest();
  return {
    digest(value) {
      return createHmac('sha256', digestKey).update(value).digest('base64url');
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
