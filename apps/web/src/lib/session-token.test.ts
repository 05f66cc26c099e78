import { describe, expect, it } from 'vitest';
import { readAfiliadoToken } from './session-token.ts';

/** A token as the server writes one (header, claims, signature), with any claims. */
function tokenWith(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.firma`;
}

describe("what an affiliate's token says of itself", () => {
  it('names the affiliate as their file links do, and when the session ends', () => {
    const token = tokenWith({
      kind: 'afiliado',
      sub: '12',
      tv: 3,
      bd: false,
      iat: 1_800_000_000,
      exp: 1_800_007_200,
    });
    expect(readAfiliadoToken(token)).toEqual({ subject: 'a.12.3', expiresAt: 1_800_007_200_000 });
  });

  it('reads claims whose encoding uses the URL-safe letters', () => {
    // A value whose place in the claims makes their encoding hold '-' or '_' (plain base64's '+' and '/').
    const token = tokenWith({ kind: 'afiliado', sub: '7', tv: 0, exp: 1_800_000_000, x: '??>' });
    expect(token).toMatch(/[-_]/);
    expect(readAfiliadoToken(token)).toEqual({ subject: 'a.7.0', expiresAt: 1_800_000_000_000 });
  });

  it.each([
    ['a staff token', tokenWith({ kind: 'user', sub: '12', tv: 3, sid: 'x', exp: 1_800_000_000 })],
    ['a token without expiry', tokenWith({ kind: 'afiliado', sub: '12', tv: 3 })],
    ['a token without version', tokenWith({ kind: 'afiliado', sub: '12', exp: 1_800_000_000 })],
    ['a subject that is not an id', tokenWith({ kind: 'afiliado', sub: '12.0', tv: 3, exp: 1_800_000_000 })],
    ['something that is not a token', 'un-token-vencido'],
    ['claims that are not JSON', 'a.bm8tanNvbg.b'],
    ['no token', null],
  ])('reads nothing from %s', (_, token) => {
    expect(readAfiliadoToken(token)).toBeNull();
  });
});
