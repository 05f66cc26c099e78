import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('createSecretBox', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(a);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('hashes under its key: the same text alike, another key differently', () => {
    expect(box.digest('AB3CD-EF4GH')).toBe(box.digest('AB3CD-EF4GH'));
    expect(box.digest('AB3CD-EF4GH')).not.toBe(createSecretBox(randomBytes(32)).digest('AB3CD-EF4GH'));
  });

  it('refuses a sealed text that was altered or sealed under another key', () => {
    const sealed = box.seal('secreto');
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});
