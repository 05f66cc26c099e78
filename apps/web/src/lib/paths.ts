import {
  PERMISSIONS,
  type PermissionRequirement,
  REQUIREMENTS,
  type SessionUser,
} from '@red-dental/contracts';
import { matchPath } from 'react-router';
import { userCan } from './permissions.ts';
import type { SessionKind } from './session.ts';

/** Every route of the app, in one place for links and the router. */
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
  afiliadosConfirmaciones: '/afiliados/confirmaciones',
  profesionales: '/profesionales',
  profesionalesSolicitudes: '/profesionales/solicitudes',
  profesionalesReportes: '/profesionales/reportes',
  profesionalesEdit: '/profesionales/edit/:id',
  obraSocial: '/obra-social',
  notificaciones: '/notificaciones',
  notificacionesCrear: '/notificaciones/crear-notificacion',
  miPerfil: '/mi-perfil',
  catalogos: '/catalogos',
  nomenclador: '/nomenclador',
  convenios: '/convenios',
  planes: '/planes',
  atender: '/atender',
  misPrestaciones: '/mis-prestaciones',
  autorizaciones: '/autorizaciones',
  autorizacion: '/autorizaciones/:id',
  auditoriaOdontologica: '/auditoria-odontologica',
  liquidaciones: '/liquidaciones',
  liquidacion: '/liquidaciones/:id',
  cierre: '/cierre',
  cierrePeriodo: '/cierre/:periodo',
  miCuenta: '/mi-cuenta',
  usuarios: '/usuarios',
  roles: '/roles',
  auditoria: '/auditoria',
  misDatosUsuario: '/mi-cuenta/mis-datos',

  perfilAfiliado: '/perfil-afiliado',
  misDatosAfiliado: '/perfil-afiliado/mis-datos',
  cartilla: '/cartilla',
  notificacionesAfiliado: '/notificaciones-afiliado',
  prestacionesAfiliado: '/prestaciones-afiliado',
  miToken: '/mi-token',
  activarToken: '/activar-token/:token',
} as const;

/**
 * The back office's screens (the staff layout's routes in app/router.tsx), `/`
 * aside (it only leads on), with what each needs (null: anyone signed in to
 * the back office). The router guards each screen with it, and every way to a
 * screen asks `canOpen`: the sidebar shows only what opens, a page links only
 * to what opens.
 */
const STAFF_SCREENS: Record<string, PermissionRequirement | null> = {
  [PATHS.tablero]: REQUIREMENTS.TABLERO,
  // The registry for who keeps it, a dentist's coverage check with AFILIADOS.GET alone, the way to
  // loading affiliates with AFILIADOS.CREATE (the screen shows what each opens).
  [PATHS.afiliados]: { anyOf: [PERMISSIONS.AFILIADOS_GET, PERMISSIONS.AFILIADOS_CREATE] },
  [PATHS.afiliadosImportCsv]: PERMISSIONS.AFILIADOS_CREATE,
  [PATHS.afiliadosForm]: PERMISSIONS.AFILIADOS_CREATE,
  // The affiliates' answers that said a visit did not happen or was overcharged, for who keeps their records.
  [PATHS.afiliadosConfirmaciones]: REQUIREMENTS.AFILIADOS_EDIT,
  [PATHS.profesionales]: PERMISSIONS.PROFESSIONALS_GET,
  [PATHS.profesionalesSolicitudes]: PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST,
  [PATHS.profesionalesReportes]: REQUIREMENTS.PROFESIONALES_EDIT,
  // Read-only with PROFESSIONALS.GET; with PROFESSIONALS.UPDATE too, editable.
  [PATHS.profesionalesEdit]: PERMISSIONS.PROFESSIONALS_GET,
  [PATHS.obraSocial]: PERMISSIONS.OBRA_SOCIALES_GET,
  [PATHS.notificaciones]: null,
  [PATHS.notificacionesCrear]: REQUIREMENTS.STAFF,
  [PATHS.miPerfil]: PERMISSIONS.PROFESSIONALS_UPDATE_PROFILE,
  [PATHS.catalogos]: PERMISSIONS.PROFESSIONALS_UPDATE,
  // Read by the whole back office (a dentist looks codes up); kept with NOMENCLADOR.MANAGE.
  [PATHS.nomenclador]: null,
  [PATHS.convenios]: null,
  [PATHS.planes]: null,
  // The chair: a dentist's own work, opened only for an account with a professional record.
  [PATHS.atender]: PERMISSIONS.PRESTACIONES_VALIDATE,
  [PATHS.misPrestaciones]: PERMISSIONS.PRESTACIONES_VALIDATE,
  [PATHS.autorizaciones]: PERMISSIONS.PRESTACIONES_VALIDATE,
  // A request opens for the dentist who asked and for the auditors (the API says which).
  [PATHS.autorizacion]: { anyOf: [PERMISSIONS.PRESTACIONES_VALIDATE, PERMISSIONS.AUTORIZACIONES_DECIDE] },
  [PATHS.auditoriaOdontologica]: PERMISSIONS.AUTORIZACIONES_DECIDE,
  [PATHS.liquidaciones]: PERMISSIONS.PRESTACIONES_VALIDATE,
  // A settlement opens for its dentist and for whoever closes the month (the API says which).
  [PATHS.liquidacion]: { anyOf: [PERMISSIONS.PRESTACIONES_VALIDATE, PERMISSIONS.LIQUIDACIONES_MANAGE] },
  [PATHS.cierre]: PERMISSIONS.LIQUIDACIONES_MANAGE,
  [PATHS.cierrePeriodo]: PERMISSIONS.LIQUIDACIONES_MANAGE,
  [PATHS.miCuenta]: null,
  [PATHS.misDatosUsuario]: null,
  [PATHS.usuarios]: PERMISSIONS.USERS_GET,
  [PATHS.roles]: PERMISSIONS.ROLES_GET,
  [PATHS.auditoria]: PERMISSIONS.AUDIT_GET,
};

export const STAFF_PATHS: readonly string[] = Object.keys(STAFF_SCREENS);

/** What the back-office screen of the route `pattern` needs; none for any other route. */
export function staffScreenRequirement(pattern: string): PermissionRequirement | undefined {
  return STAFF_SCREENS[pattern] ?? undefined;
}

/** Screens of a professional's own record and work: nothing there for an account without one. */
const OWN_RECORD_SCREENS: ReadonlySet<string> = new Set([
  PATHS.miPerfil,
  PATHS.atender,
  PATHS.misPrestaciones,
  PATHS.autorizaciones,
  PATHS.liquidaciones,
]);

/**
 * Whether the user's permissions open the back-office screen at `to` (a path,
 * perhaps with its query). Mi Perfil, Atender and Mis prestaciones are the
 * own professional record and work: an account without one (staff, made by
 * staff) has nothing there, so they open only for who has a record, whatever
 * the role holds.
 */
export function canOpen(user: SessionUser | null | undefined, to: string): boolean {
  const pathname = to.split(/[?#]/, 1)[0] ?? to;
  const pattern = STAFF_PATHS.find((p) => matchPath(p, pathname));
  if (pattern === undefined) return false;
  const required = STAFF_SCREENS[pattern];
  if (required && !userCan(user, required)) return false;
  return !OWN_RECORD_SCREENS.has(pattern) || typeof user?.professionalName === 'string';
}

/** The spec's first sidebar entries, in its order: a user lands on the first that opens for them. */
const LANDING_ORDER = [
  PATHS.profesionales,
  PATHS.miPerfil,
  PATHS.afiliados,
  PATHS.obraSocial,
  PATHS.notificaciones,
] as const;

/**
 * Where a staff member or professional lands after signing in: /profesionales
 * for whoever may list professionals, otherwise /mi-perfil;
 * an account of a role with neither, the first of the sidebar's screens that
 * opens for it (Notificaciones opens for everyone).
 */
export function staffLandingPath(user: SessionUser | null | undefined): string {
  return LANDING_ORDER.find((path) => canOpen(user, path)) ?? PATHS.notificaciones;
}

/** Where `/` and the sidebar's brand lead: /afiliados if it opens, else the landing page. */
export function staffHomePath(user: SessionUser | null | undefined): string {
  return canOpen(user, PATHS.afiliados) ? PATHS.afiliados : staffLandingPath(user);
}

export const AFFILIATE_LANDING_PATH = PATHS.perfilAfiliado;

/** The affiliates' portal (the affiliate layout's routes in app/router.tsx). */
export const AFFILIATE_PATHS: readonly string[] = [
  PATHS.perfilAfiliado,
  PATHS.misDatosAfiliado,
  PATHS.cartilla,
  PATHS.notificacionesAfiliado,
  PATHS.prestacionesAfiliado,
  PATHS.miToken,
  PATHS.activarToken,
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
