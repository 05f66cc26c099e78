import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberVerified } from './verified-tokens.ts';

/** A verifier that accepts tokens "ok:<exp seconds>" and counts its checks. */
function countingVerifier() {
  const checks: string[] = [];
  const verify = (token: string) => {
    checks.push(token);
    const [kind, exp] = token.split(':');
    if (kind !== 'ok' || Date.now() >= Number(exp) * 1000) throw new Error('refused');
    return { exp: Number(exp), sub: token };
  };
  return { checks, verify };
}

describe('tokens remembered once verified', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks a token once, then answers from memory with the same claims', () => {
    const { checks, verify } = countingVerifier();
    const remembered = rememberVerified(verify);
    const token = `ok:${Math.floor(Date.now() / 1000) + 3600}`;
    expect(remembered(token)).toEqual(remembered(token));
    expect(checks).toEqual([token]);
  });

  it('checks again once the token expires, and refuses it then', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    const { checks, verify } = countingVerifier();
    const remembered = rememberVerified(verify);
    const token = `ok:${Date.parse('2026-03-01T12:05:00Z') / 1000}`;
    remembered(token);
    vi.setSystemTime(new Date('2026-03-01T12:04:59Z'));
    remembered(token);
    vi.setSystemTime(new Date('2026-03-01T12:05:00Z'));
    expect(() => remembered(token)).toThrow('refused');
    expect(checks).toHaveLength(2);
  });

  it('checks again after the longest it may remember, even before the expiry', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    const { checks, verify } = countingVerifier();
    const remembered = rememberVerified(verify, { maxAgeMs: 60_000 });
    const token = `ok:${Date.parse('2026-03-02T00:00:00Z') / 1000}`;
    remembered(token);
    vi.setSystemTime(new Date('2026-03-01T12:01:00Z'));
    remembered(token);
    expect(checks).toHaveLength(2);
  });

  it('never remembers a refused token, and keeps at most `max` tokens', () => {
    const { checks, verify } = countingVerifier();
    const remembered = rememberVerified(verify, { max: 2 });
    expect(() => remembered('forged')).toThrow('refused');
    expect(() => remembered('forged')).toThrow('refused');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    for (const n of [1, 2, 3]) remembered(`ok:${exp}:${n}`);
    remembered(`ok:${exp}:1`); // pushed out by the third
    remembered(`ok:${exp}:3`); // still there
    expect(checks).toEqual(['forged', 'forged', `ok:${exp}:1`, `ok:${exp}:2`, `ok:${exp}:3`, `ok:${exp}:1`]);
  });
});
