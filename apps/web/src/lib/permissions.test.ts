import { PERMISSIONS } from '@red-dental/contracts';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSessionUser, storeAffiliateSession, storeStaffSession } from '@/test/factories.ts';
import { AFFILIATE_LANDING_PATH, staffLandingPath } from './paths.ts';
import { permissionsOf, useCan, userCan } from './permissions.ts';

describe('permissions', () => {
  it('collects the permissions of every role', () => {
    const user = makeSessionUser('PRESTADOR');
    user.roles.push({ id: 9, name: 'EXTRA', permissions: [{ name: PERMISSIONS.OBRA_SOCIALES_GET }] });
    expect(permissionsOf(user)).toEqual(
      new Set(['PROFESSIONALS.UPDATE_PROFILE', 'AFILIADOS.GET', 'BACKOFFICE_ACCESS', 'OBRA_SOCIALES.GET']),
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
  it('sends whoever may list professionals to /profesionales, anyone else to /mi-perfil', () => {
    expect(staffLandingPath(makeSessionUser('ADMINISTRADOR'))).toBe('/profesionales');
    expect(staffLandingPath(makeSessionUser('ADMINISTRATIVO'))).toBe('/profesionales');
    expect(staffLandingPath(makeSessionUser('PRESTADOR'))).toBe('/mi-perfil');
    expect(AFFILIATE_LANDING_PATH).toBe('/perfil-afiliado');
  });
});
