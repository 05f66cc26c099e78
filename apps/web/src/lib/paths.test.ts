import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathFrom } from './paths.ts';

const asking = (path: string) => `?${new URLSearchParams({ redirectTo: path })}`;

describe('loginPathFor', () => {
  it('names the sign-in page of each kind, with the page to come back to', () => {
    expect(loginPathFor('afiliado')).toBe('/login-afiliado');
    expect(loginPathFor('staff')).toBe('/login');
    expect(loginPathFor('afiliado', '/notificaciones-afiliado?search=a b')).toBe(
      '/login-afiliado?redirectTo=%2Fnotificaciones-afiliado%3Fsearch%3Da+b',
    );
  });
});

describe('returnPathFrom', () => {
  it.each([
    ['afiliado', '/notificaciones-afiliado'],
    ['afiliado', '/notificaciones-afiliado?pageIndex=1&search=valores'],
    ['afiliado', '/perfil-afiliado/mis-datos'],
    ['staff', '/afiliados?search=ana'],
    ['staff', '/profesionales/edit/12'],
  ] as const)('follows a %s screen of the app: %s', (kind, path) => {
    expect(returnPathFrom(asking(path), kind)).toBe(path);
    expect(returnPathFrom(loginPathFor(kind, path).split('?')[1]!, kind)).toBe(path);
  });

  it('reads the path as a browser would, and checks that reading', () => {
    expect(returnPathFrom(asking('/cartilla/../notificaciones-afiliado'), 'afiliado')).toBe(
      '/notificaciones-afiliado',
    );
    expect(returnPathFrom(asking('/cartilla/../afiliados'), 'afiliado')).toBeNull();
  });

  it.each([
    'https://otro.example/perfil-afiliado',
    '//otro.example/perfil-afiliado',
    '/\\otro.example/perfil-afiliado',
    '\\\\otro.example/perfil-afiliado',
    '/\t/otro.example/perfil-afiliado',
    'javascript:alert(1)//perfil-afiliado',
    'perfil-afiliado',
    '/afiliados',
    '/login-afiliado',
    '/no-existe',
    '',
  ])('ignores what is not a portal screen of this app: %j', (path) => {
    expect(returnPathFrom(asking(path), 'afiliado')).toBeNull();
  });

  it('ignores a portal screen for staff, and an address asking nothing', () => {
    expect(returnPathFrom(asking('/cartilla'), 'staff')).toBeNull();
    expect(returnPathFrom(asking('/'), 'staff')).toBeNull();
    expect(returnPathFrom('', 'afiliado')).toBeNull();
  });
});
