import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

const info = JSON.parse(readFileSync(new URL('./data/common-passwords.json', import.meta.url), 'utf8')) as {
  sourceEntries: number;
  minLength: number;
  entries: number;
};
const lines = readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
  .split('\n')
  .slice(0, -1);

describe('the list of common passwords', () => {
  it('comes from at least the 100,000 most common passwords, and holds what the file says', () => {
    expect(info.sourceEntries).toBeGreaterThanOrEqual(100_000);
    expect(info.minLength).toBe(8);
    expect(lines).toHaveLength(info.entries);
  });

  it('is in lower case, at least 8 characters long, once each and sorted by bytes, as the search needs', () => {
    const misplaced = lines.filter(
      (line, i) =>
        line.length < 8 ||
        line !== line.toLowerCase() ||
        (i > 0 && Buffer.compare(Buffer.from(lines[i - 1]!), Buffer.from(line)) >= 0),
    );
    expect(misplaced).toEqual([]);
  });

  it('finds common passwords whatever their case, the first and last entries among them', () => {
    for (const password of ['password123', 'qwertyuiop', 'QWERTYUIOP', 'Password123', 'iloveyou1'])
      expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword(lines[0]!)).toBe(true);
    expect(isCommonPassword(lines.at(-1)!)).toBe(true);
    for (let i = 0; i < lines.length; i += 997) expect(isCommonPassword(lines[i]!)).toBe(true);
  });

  it('does not find strong or unlisted passwords, the demo default among them', () => {
    expect(isCommonPassword(randomBytes(18).toString('base64url'))).toBe(false);
    expect(isCommonPassword('Torre-Molinete-47')).toBe(false);
    expect(isCommonPassword('RedDental2025!')).toBe(false);
    expect(isCommonPassword('')).toBe(false);
    expect(isCommonPassword('\u0000')).toBe(false);
    expect(isCommonPassword('\u{10FFFF}\u{10FFFF}')).toBe(false);
    expect(isCommonPassword(`${lines[0]}\n${lines[1]}`)).toBe(false);
  });
});
