import { describe, expect, it } from 'vitest';
import { shellFor } from '../service-worker/shell.ts';
import {
  fileCacheKey,
  isAffiliateFileLink,
  isOfflineRead,
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

  it('finds an opened file again under any later link to it', () => {
    expect(fileCacheKey(at('/api/files/n/a.pdf?s=a.1.0&e=1&sig=x'))).toBe(
      fileCacheKey(at('/api/files/n/a.pdf?s=a.1.0&e=2&sig=y')),
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
