import { PERMISSIONS, type SessionUser } from '@red-dental/contracts';
import { matchPath } from 'react-router';
import { userCan } from './permissions.ts';
import type { SessionKind } from './session.ts';

/** Every route of the app (spec section 2), in one place for links and the router. */
export const PATHS = {
  login: '/login',
  loginAfiliado: '/login-afiliado',
  registro: '/registro',
  recoverPassword: '/recover-password/:id',
  confirmarEmail: '/confirmar-email/:token',
  confirmarEmailCuenta: '/confirmar-email-cuenta/:token',
  confirmarRegistro: '/confirmar-registro/:token',
  invitacion: '/invitacion/:token',
  datosAlDia: '/datos-al-dia/:token',

  tablero: '/tablero',
  afiliados: '/afiliados',
  afiliadosImportCsv: '/afiliados/import-csv',
  afiliadosForm: '/afiliados/form-afiliado',
  profesionales: '/profesionales',
  profesionalesSolicitudes: '/profesionales/solicitudes',
  profesionalesReportes: '/profesionales/reportes',
  profesionalesEdit: '/profesionales/edit/:id',
  obraSocial: '/obra-social',
  notificaciones: '/notificaciones',
  notificacionesCrear: '/notificaciones/crear-notificacion',
  miPerfil: '/mi-perfil',
  catalogos: '/catalogos',
  miCuenta: '/mi-cuenta',
  usuarios: '/usuarios',
  roles: '/roles',
  auditoria: '/auditoria',
  misDatosUsuario: '/mi-cuenta/mis-datos',

  perfilAfiliado: '/perfil-afiliado',
  misDatosAfiliado: '/perfil-afiliado/mis-datos',
  cartilla: '/cartilla',
  notificacionesAfiliado: '/notificaciones-afiliado',
} as const;

/** Where a staff member or professional lands after signing in (spec section 2). */
export function staffLandingPath(user: SessionUser | null | undefined): string {
  return userCan(user, PERMISSIONS.PROFESSIONALS_GET) ? PATHS.profesionales : PATHS.miPerfil;
}

export const AFFILIATE_LANDING_PATH = PATHS.perfilAfiliado;

/** The back office's screens (the staff layout's routes in app/router.tsx), `/` aside: it only leads on. */
export const STAFF_PATHS: readonly string[] = [
  PATHS.tablero,
  PATHS.afiliados,
  PATHS.afiliadosImportCsv,
  PATHS.afiliadosForm,
  PATHS.profesionales,
  PATHS.profesionalesSolicitudes,
  PATHS.profesionalesReportes,
  PATHS.profesionalesEdit,
  PATHS.obraSocial,
  PATHS.notificaciones,
  PATHS.notificacionesCrear,
  PATHS.miPerfil,
  PATHS.catalogos,
  PATHS.miCuenta,
  PATHS.misDatosUsuario,
  PATHS.usuarios,
  PATHS.roles,
  PATHS.auditoria,
];

/** The affiliates' portal (the affiliate layout's routes in app/router.tsx). */
export const AFFILIATE_PATHS: readonly string[] = [
  PATHS.perfilAfiliado,
  PATHS.misDatosAfiliado,
  PATHS.cartilla,
  PATHS.notificacionesAfiliado,
];

/** The query parameter of a sign-in page holding the page to return to once signed in. */
const RETURN_PARAM = 'redirectTo';

/**
 * The sign-in page of a kind of session; with `returnTo` (a path and its query),
 * the page asked for, to be opened once signed in (`returnPathFrom`).
 */
export function loginPathFor(kind: SessionKind, returnTo?: string): string {
  const login = kind === 'afiliado' ? PATHS.loginAfiliado : PATHS.login;
  return returnTo ? `${login}?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}` : login;
}

/** A stand-in origin: the return path is read against it, so anything naming another origin shows. */
const OWN_ORIGIN = 'https://red-dental.invalid';

/**
 * The page a sign-in page's address (`search`, its query) asks to return to,
 * when it is one of the app's own screens for that kind of session; otherwise
 * null, and the sign-in goes to its landing page. An address can be made by
 * anyone, so another site (`//host`, `https:`, a backslash), a screen of the
 * other kind or an unknown path is never followed.
 */
export function returnPathFrom(search: string, kind: SessionKind): string | null {
  const asked = new URLSearchParams(search).get(RETURN_PARAM);
  if (!asked?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(asked, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN) return null;
  const screens = kind === 'afiliado' ? AFFILIATE_PATHS : STAFF_PATHS;
  if (!screens.some((pattern) => matchPath(pattern, url.pathname))) return null;
  // The path as the URL reads it (dot segments resolved): the one that was checked.
  return `${url.pathname}${url.search}`;
}
