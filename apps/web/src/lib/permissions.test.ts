import { hasPermission, PERMISSIONS, type PermissionName, REQUIREMENTS } from '@red-dental/contracts';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSessionUser, storeAffiliateSession, storeStaffSession } from '@/test/factories.ts';
import {
  AFFILIATE_LANDING_PATH,
  canOpen,
  staffHomePath,
  staffLandingPath,
  staffScreenRequirement,
} from './paths.ts';
import { permissionsOf, useCan, userCan } from './permissions.ts';

describe('permissions', () => {
  it('collects the permissions of every role', () => {
    const user = makeSessionUser('PRESTADOR');
    user.roles.push({ id: 9, name: 'EXTRA', permissions: [{ name: PERMISSIONS.OBRA_SOCIALES_GET }] });
    expect(permissionsOf(user)).toEqual(
      new Set([
        'PROFESSIONALS.UPDATE_PROFILE',
        'AFILIADOS.GET',
        'PRESTACIONES.VALIDATE',
        'BACKOFFICE_ACCESS',
        'OBRA_SOCIALES.GET',
      ]),
    );
  });

  it('needs a single name held, or every name of a list', () => {
    const user = makeSessionUser({ permissions: [PERMISSIONS.AFILIADOS_GET, PERMISSIONS.AFILIADOS_CREATE] });
    expect(userCan(user, PERMISSIONS.AFILIADOS_CREATE)).toBe(true);
    expect(userCan(user, [PERMISSIONS.AFILIADOS_GET, PERMISSIONS.AFILIADOS_CREATE])).toBe(true);
    expect(userCan(user, [PERMISSIONS.AFILIADOS_GET, PERMISSIONS.OBRA_SOCIALES_DELETE])).toBe(false);
    expect(userCan(null, PERMISSIONS.AFILIADOS_GET)).toBe(false);
  });

  it('answers for the signed-in staff user, and never for an affiliate', () => {
    storeStaffSession(makeSessionUser('ADMINISTRATIVO'));
    expect(renderHook(() => useCan(PERMISSIONS.AFILIADOS_CREATE)).result.current).toBe(true);
    storeAffiliateSession();
    expect(renderHook(() => useCan(PERMISSIONS.AFILIADOS_GET)).result.current).toBe(false);
  });
});

describe('landing pages', () => {
  it('sends whoever may list professionals to /profesionales, a professional to /mi-perfil', () => {
    expect(staffLandingPath(makeSessionUser('ADMINISTRADOR'))).toBe('/profesionales');
    expect(staffLandingPath(makeSessionUser('ADMINISTRATIVO'))).toBe('/profesionales');
    expect(staffLandingPath(makeSessionUser('PRESTADOR'))).toBe('/mi-perfil');
    expect(AFFILIATE_LANDING_PATH).toBe('/perfil-afiliado');
  });

  it.each<[string, PermissionName[], string]>([
    ['consulting affiliates', ['AFILIADOS.GET'], '/afiliados'],
    ['loading affiliates', ['AFILIADOS.CREATE'], '/afiliados'],
    ['keeping insurers', ['OBRA_SOCIALES.GET'], '/obra-social'],
    ['keeping accounts', ['USERS.GET'], '/notificaciones'],
    ['nothing but signing in', [], '/notificaciones'],
  ])('sends a role %s to the first screen of the sidebar it opens', (_what, permissions, landing) => {
    const user = makeSessionUser({ permissions: ['BACKOFFICE_ACCESS', ...permissions] });
    expect(staffLandingPath(user)).toBe(landing);
    expect(canOpen(user, landing)).toBe(true);
  });

  it('never sends a staff account to /mi-perfil: without a professional record it has nothing there', () => {
    const user = makeSessionUser({ permissions: ['BACKOFFICE_ACCESS', 'PROFESSIONALS.UPDATE_PROFILE'] });
    expect(canOpen(user, '/mi-perfil')).toBe(false);
    expect(staffLandingPath(user)).toBe('/notificaciones');
    expect(canOpen({ ...user, professionalName: 'Dra. Ana Ruiz' }, '/mi-perfil')).toBe(true);
  });

  it('leads / to /afiliados when it opens, otherwise to the landing page', () => {
    expect(staffHomePath(makeSessionUser('PRESTADOR'))).toBe('/afiliados');
    expect(staffHomePath(makeSessionUser({ permissions: ['BACKOFFICE_ACCESS', 'AUDIT.GET'] }))).toBe(
      '/notificaciones',
    );
  });
});

describe('what opens each screen', () => {
  const roleWith = (...permissions: PermissionName[]) =>
    makeSessionUser({ permissions: ['BACKOFFICE_ACCESS', ...permissions] });

  it('opens Afiliados to whoever consults or loads affiliates, and to nobody else', () => {
    expect(canOpen(roleWith('AFILIADOS.GET'), '/afiliados')).toBe(true);
    expect(canOpen(roleWith('AFILIADOS.CREATE'), '/afiliados?search=perez')).toBe(true);
    expect(canOpen(roleWith('AFILIADOS.UPDATE'), '/afiliados')).toBe(false);
    expect(canOpen(roleWith('AFILIADOS.DELETE'), '/afiliados')).toBe(false);
  });

  it("opens a professional's page to PROFESSIONALS.GET (read-only), the reports' queue with UPDATE too", () => {
    expect(canOpen(roleWith('PROFESSIONALS.GET'), '/profesionales/edit/7')).toBe(true);
    expect(canOpen(roleWith('PROFESSIONALS.UPDATE'), '/profesionales/edit/7')).toBe(false);
    expect(canOpen(roleWith('PROFESSIONALS.GET'), '/profesionales/reportes')).toBe(false);
    expect(canOpen(roleWith('PROFESSIONALS.GET', 'PROFESSIONALS.UPDATE'), '/profesionales/reportes')).toBe(
      true,
    );
  });

  it('opens what every account has, and nothing outside the back office', () => {
    const user = roleWith();
    for (const path of ['/notificaciones', '/mi-cuenta', '/mi-cuenta/mis-datos'])
      expect(canOpen(user, path)).toBe(true);
    expect(canOpen(makeSessionUser('ADMINISTRADOR'), '/cartilla')).toBe(false);
    expect(canOpen(makeSessionUser('ADMINISTRADOR'), '/no-existe')).toBe(false);
  });

  it('has a requirement for every back-office screen the router knows', () => {
    expect(staffScreenRequirement('/tablero')).toEqual(REQUIREMENTS.TABLERO);
    expect(staffScreenRequirement('/profesionales/edit/:id')).toBe('PROFESSIONALS.GET');
    expect(staffScreenRequirement('/notificaciones')).toBeUndefined();
    expect(staffScreenRequirement('/cartilla')).toBeUndefined();
  });

  it('meets `anyOf` with one of its names, and `allOf` with every one', () => {
    const held = new Set(['AFILIADOS.GET', 'AFILIADOS.UPDATE']);
    expect(hasPermission(held, REQUIREMENTS.AFILIADOS_REGISTRY)).toBe(true);
    expect(hasPermission(new Set(['AFILIADOS.GET']), REQUIREMENTS.AFILIADOS_REGISTRY)).toBe(false);
    expect(hasPermission(new Set(['AFILIADOS.UPDATE']), REQUIREMENTS.AFILIADOS_REGISTRY)).toBe(false);
    expect(hasPermission(held, { anyOf: ['AUDIT.GET', 'AFILIADOS.UPDATE'] })).toBe(true);
  });
});
