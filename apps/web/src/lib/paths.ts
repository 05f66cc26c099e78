import { PERMISSIONS, type SessionUser } from '@red-dental/contracts';
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

export function loginPathFor(kind: SessionKind | null): string {
  return kind === 'afiliado' ? PATHS.loginAfiliado : PATHS.login;
}
