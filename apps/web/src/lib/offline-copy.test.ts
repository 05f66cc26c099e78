import { describe, expect, it } from 'vitest';
import { shellFor } from '../service-worker/shell.ts';
import {
  fileCacheKey,
  isAffiliateFileLink,
  isOfflineRead,
  judgeKeptFile,
  judgeKeptRead,
  type KeptFor,
  keptForAnswer,
  SAVED_AT_HEADER,
  savedAtOf,
} from './offline-copy.ts';

const at = (path: string) => new URL(path, 'https://reddental.example');

describe('what the service worker keeps for reading offline', () => {
  it("keeps the affiliate's profile, cartilla and notification pages, and no other read", () => {
    expect(isOfflineRead(at('/api/afiliados/profile'))).toBe(true);
    expect(isOfflineRead(at('/api/profesionales/obrasocial'))).toBe(true);
    expect(isOfflineRead(at('/api/notificaciones/afiliados?pageIndex=1&pageSize=10&search='))).toBe(true);
    for (const path of [
      '/api/afiliados',
      '/api/afiliados/profile/accesos',
      '/api/afiliados/profile/datos',
      '/api/profesionales/profile',
      '/api/notificaciones/profesionales',
      '/api/user/me',
    ])
      expect(isOfflineRead(at(path)), path).toBe(false);
  });

  it('keeps files opened through links signed for an affiliate, never those signed for staff or dentists', () => {
    expect(isAffiliateFileLink(at('/api/files/notificaciones/a.pdf?s=a.12.0&e=1&n=x&sig=y'))).toBe(true);
    expect(
      isAffiliateFileLink(at('/api/files/notificaciones/a.pdf?s=u.3.1.abcdefghijklmnopqrstuv&sig=y')),
    ).toBe(false);
    expect(isAffiliateFileLink(at('/api/files/notificaciones/a.pdf'))).toBe(false);
    expect(isAffiliateFileLink(at('/api/afiliados/profile?s=a.12.0'))).toBe(false);
  });

  it('finds an opened file again under any later link to it for the same affiliate, not for another', () => {
    expect(fileCacheKey(at('/api/files/n/a.pdf?s=a.1.0&e=1&sig=x'))).toBe(
      fileCacheKey(at('/api/files/n/a.pdf?s=a.1.0&e=2&sig=y')),
    );
    expect(fileCacheKey(at('/api/files/n/a.pdf?s=a.1.0&e=1&sig=x'))).not.toBe(
      fileCacheKey(at('/api/files/n/a.pdf?s=a.999.0&e=1&sig=forged')),
    );
  });

  it('tells a kept answer by its stamp', () => {
    expect(savedAtOf(new Response('', { headers: { [SAVED_AT_HEADER]: '2026-11-27T12:00:00.000Z' } }))).toBe(
      '2026-11-27T12:00:00.000Z',
    );
    expect(savedAtOf(new Response(''))).toBeNull();
  });

  it('opens a page with its own HTML offline from that HTML, any other as the app', () => {
    expect(shellFor('/login-afiliado')).toBe('/pages/login-afiliado.html');
    expect(shellFor('/login/')).toBe('/pages/login.html');
    expect(shellFor('/cartilla')).toBe('/pages/cartilla.html');
    expect(shellFor('/afiliados')).toBe('/index.html');
  });
});

describe('for whom and until when the copy answers', () => {
  const NOW = Date.parse('2026-11-27T12:00:00.000Z');
  const token = { subject: 'a.12.3', expiresAt: NOW + 60_000 };
  const keptFor: KeptFor = { subject: 'a.12.3', expiresAt: NOW + 60_000, clockAheadMs: 0 };
  const link = (s: string) => at(`/api/files/n/a.pdf?s=${s}&e=1&n=aviso.pdf&sig=y`);

  it("records whose a kept answer is, and how far the device's clock runs from the server's", () => {
    const date = new Date(NOW - 3 * 60 * 60_000).toUTCString();
    expect(keptForAnswer(token, date, NOW)).toEqual({
      subject: 'a.12.3',
      expiresAt: NOW + 60_000,
      clockAheadMs: 3 * 60 * 60_000,
    });
    expect(keptForAnswer(token, null, NOW).clockAheadMs).toBe(0);
    expect(keptForAnswer(token, 'no es una fecha', NOW).clockAheadMs).toBe(0);
  });

  it.each<[string, KeptFor | null, typeof token | null, number, string]>([
    ['answers the same affiliate while the session lasts', keptFor, token, NOW, 'answer'],
    ['ends at the token’s expiry', keptFor, token, NOW + 60_000, 'ended'],
    ['ends when the request’s token has expired', keptFor, { ...token, expiresAt: NOW - 1 }, NOW, 'ended'],
    ['says nothing to another affiliate', keptFor, { ...token, subject: 'a.13.0' }, NOW, 'none'],
    [
      'says nothing to another affiliate once its own session is over',
      keptFor,
      { subject: 'a.13.0', expiresAt: NOW + 7_200_000 },
      NOW + 60_000,
      'none',
    ],
    ['says nothing to a newer token version', keptFor, { ...token, subject: 'a.12.4' }, NOW, 'none'],
    ['says nothing without a token', keptFor, null, NOW, 'none'],
    ['says nothing with nothing kept', null, token, NOW, 'none'],
    [
      'judges on the server’s clock: a device two hours ahead is still within the session',
      { ...keptFor, clockAheadMs: 2 * 60 * 60_000 },
      token,
      NOW + 2 * 60 * 60_000,
      'answer',
    ],
    [
      'judges on the server’s clock: a device behind sees the end when the server does',
      { ...keptFor, clockAheadMs: -30_000 },
      token,
      NOW + 30_000,
      'ended',
    ],
  ])('a kept read %s', (_, kept, requestToken, now, verdict) => {
    expect(judgeKeptRead(kept, requestToken, now)).toBe(verdict);
  });

  it.each<[string, KeptFor | null, string, number, string]>([
    ['opens for a link naming the affiliate it was kept for', keptFor, 'a.12.3', NOW, 'answer'],
    ['never opens for a link naming another affiliate', keptFor, 'a.999.0', NOW, 'none'],
    ['never opens for a link of another token version', keptFor, 'a.12.2', NOW, 'none'],
    ['ends with the session, whichever link asks', keptFor, 'a.12.3', NOW + 60_000, 'ended'],
    ['does not open with nothing kept', null, 'a.12.3', NOW, 'none'],
  ])('a kept file %s', (_, kept, subject, now, verdict) => {
    expect(judgeKeptFile(kept, link(subject), now)).toBe(verdict);
  });
});
