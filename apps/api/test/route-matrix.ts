/**
 * Every route the app registers and who may call it, written down once: the
 * authorization matrix (authorization.test.ts) checks each door, and the
 * bad-input suite (bad-input.ts) knocks on each as a caller it admits.
 */

/**
 * The authorization matrix: every route the app registers, and what each kind
 * of caller gets at its door. `ok` means the door lets the caller in (any
 * answer but 401 or 403, and never a 5xx: with an empty body or an unknown
 * id that is usually a 400 or a 404); 401 and 403 are refusals. A route
 * missing from the table fails the test, so a new route must say who may
 * call it. Ownership ("own" records behind an open door) is checked below.
 */
export type Door = 'ok' | 401 | 403;
export type Row = readonly [anonymous: Door, afiliado: Door, dentist: Door, staff: Door, admin: Door];

const OPEN: Row = ['ok', 'ok', 'ok', 'ok', 'ok'];
const ANY_USER: Row = [401, 403, 'ok', 'ok', 'ok'];
const ANY_SIGNED_IN: Row = [401, 'ok', 'ok', 'ok', 'ok'];
const AFILIADO_ONLY: Row = [401, 'ok', 403, 403, 403];
const DENTIST_ONLY: Row = [401, 403, 'ok', 403, 403];
/** AFILIADOS.* and PROFESSIONALS.UPDATE, which ADMINISTRATIVO holds. */
const STAFF: Row = [401, 403, 403, 'ok', 'ok'];
/** Permissions only ADMINISTRADOR holds (users, requests, deleting insurers and providers, the audit log). */
const ADMIN_ONLY: Row = [401, 403, 403, 403, 'ok'];
/** The dentist who asked, or an auditor (AUTORIZACIONES.DECIDE, which ADMINISTRADOR holds too). */
const DENTIST_OR_AUDITOR: Row = [401, 403, 'ok', 403, 'ok'];
/** A dentist's own settlements, or all of them for whoever closes the month (LIQUIDACIONES.MANAGE, ADMINISTRADOR's). */
const DENTIST_OR_SETTLER: Row = [401, 403, 'ok', 403, 'ok'];
/** A signed link is the only way in: without a valid signature everyone is refused. */
const SIGNED_LINK: Row = [403, 403, 403, 403, 403];

export const MATRIX: Record<string, Row> = {
  'GET /api/docs': OPEN,
  'GET /api/docs/static/index.html': OPEN,
  'GET /api/docs/static/swagger-initializer.js': OPEN,
  'GET /api/docs/json': OPEN,
  'GET /api/docs/yaml': OPEN,
  'GET /api/docs/static/*': OPEN,
  'GET /api/openapi.json': OPEN,
  'GET /api/health': OPEN,

  'POST /api/user/login': OPEN,
  'GET /api/user/me': ANY_USER,
  'PUT /api/user/me': ANY_USER,
  'POST /api/user/recover-password': OPEN,
  'PUT /api/user/restore-password': OPEN,
  'POST /api/user/restore-password/check': OPEN,
  'POST /api/user/confirm-email': OPEN,
  'PUT /api/user/change-password': ANY_USER,
  'POST /api/user/logout': ANY_USER,
  // The second step of a sign-in: the challenge from the password step is the credential.
  'POST /api/user/login/codigo': OPEN,
  'POST /api/user/login/configurar': OPEN,
  'POST /api/user/login/activar': OPEN,
  'GET /api/user/2fa': ANY_USER,
  'POST /api/user/2fa/configurar': ANY_USER,
  'POST /api/user/2fa/activar': ANY_USER,
  'POST /api/user/2fa/desactivar': ANY_USER,
  'GET /api/user/sesiones': ANY_USER,
  'DELETE /api/user/sesiones': ANY_USER,
  'DELETE /api/user/sesiones/:id': ANY_USER,
  'POST /api/user': ADMIN_ONLY,
  // With another user's id; each user reading their own is among the ownership checks.
  'GET /api/user/:id': ADMIN_ONLY,
  'PUT /api/user/:id': ADMIN_ONLY,
  'PUT /api/user/solicitudes/:id': ADMIN_ONLY,
  'DELETE /api/user/rechazar/:id': ADMIN_ONLY,
  'GET /api/user/paginated': ADMIN_ONLY,
  'POST /api/user/invitaciones': ADMIN_ONLY,
  'POST /api/user/invitaciones/:id/reenviar': ADMIN_ONLY,
  // The link is the credential: anyone holding one may read whom it invites and accept it.
  'GET /api/user/invitaciones/:token': OPEN,
  'PUT /api/user/invitaciones/:token': OPEN,
  'PUT /api/user/:id/roles': ADMIN_ONLY,
  'PUT /api/user/:id/estado': ADMIN_ONLY,
  'POST /api/user/:id/recuperacion': ADMIN_ONLY,
  'GET /api/roles': ADMIN_ONLY,
  'POST /api/roles': ADMIN_ONLY,
  'PUT /api/roles/:id': ADMIN_ONLY,
  'POST /api/registro': OPEN,
  'POST /api/registro/confirm-email': OPEN,
  'POST /api/registro/resend-confirmation': OPEN,
  'GET /api/permisos': ANY_USER,

  'POST /api/afiliados/login': OPEN,
  'POST /api/afiliados/logout': AFILIADO_ONLY,
  'GET /api/afiliados/paginated': ANY_USER,
  'GET /api/afiliados/export': STAFF,
  'GET /api/afiliados': ANY_USER,
  'GET /api/afiliados/profile': AFILIADO_ONLY,
  'GET /api/afiliados/profile/accesos': AFILIADO_ONLY,
  'GET /api/afiliados/profile/datos': AFILIADO_ONLY,
  'PUT /api/afiliados/profile': AFILIADO_ONLY,
  'POST /api/afiliados/confirm-email': OPEN,
  'POST /api/afiliados/import-csv': STAFF,
  'GET /api/afiliados/:id': STAFF,
  'POST /api/afiliados': STAFF,
  'PUT /api/afiliados/:id': STAFF,
  'DELETE /api/afiliados/:id': STAFF,
  'POST /api/afiliados/:id/reactivar': STAFF,
  'GET /api/afiliados/profile/token': AFILIADO_ONLY,
  'GET /api/afiliados/profile/prestaciones': AFILIADO_ONLY,
  'POST /api/afiliados/profile/confirmaciones': AFILIADO_ONLY,
  'GET /api/afiliados/profile/autorizaciones/:numero/adjuntos/:adjuntoId': AFILIADO_ONLY,
  'POST /api/afiliados/profile/token/enlace': AFILIADO_ONLY,
  'POST /api/afiliados/profile/token': AFILIADO_ONLY,
  // The phone proves it holds the token with a current code; it has no session any more.
  'POST /api/afiliados/token/olvidar': OPEN,
  'GET /api/afiliados/:id/token': STAFF,
  'POST /api/afiliados/:id/token/codigo': STAFF,
  'DELETE /api/afiliados/:id/token': STAFF,

  'GET /api/obra-sociales': STAFF,
  'GET /api/obra-sociales/export': STAFF,
  'GET /api/obra-sociales/list': ANY_USER,
  'POST /api/obra-sociales': STAFF,
  'PUT /api/obra-sociales/:id': STAFF,
  'DELETE /api/obra-sociales/:id': ADMIN_ONLY,

  'GET /api/profesionales/obrasocial': AFILIADO_ONLY,
  'POST /api/profesionales/:id/reportes': AFILIADO_ONLY,
  'GET /api/profesionales/:id/reportes': STAFF,
  'GET /api/profesionales/solicitudes': ADMIN_ONLY,
  'GET /api/profesionales/paginated': STAFF,
  'GET /api/profesionales/export': STAFF,
  'POST /api/profesionales/:id/recordatorio': STAFF,
  'GET /api/profesionales/recordatorio/:token': OPEN,
  'POST /api/profesionales/recordatorio/:token/confirmar': OPEN,
  'GET /api/profesionales/profile': DENTIST_ONLY,
  'PUT /api/profesionales/profile': DENTIST_ONLY,
  'POST /api/profesionales/profile/confirmar-datos': DENTIST_ONLY,
  // Everyone with an account may download what the network holds about it.
  'GET /api/profesionales/profile/datos': ANY_USER,
  'PUT /api/profesionales/zonas-os/:id': STAFF,
  'POST /api/profesionales/:id/verificar-matricula': STAFF,
  'GET /api/profesionales/:id': ANY_USER,
  'PUT /api/profesionales/:id': ANY_USER,
  'DELETE /api/profesionales/:id': ADMIN_ONLY,
  'GET /api/especialidades': ANY_USER,
  'GET /api/especialidades/:id': ANY_USER,
  'GET /api/especialidades/catalogo': STAFF,
  'POST /api/especialidades': STAFF,
  'PUT /api/especialidades/:id': STAFF,
  'DELETE /api/especialidades/:id': STAFF,
  'GET /api/zonas': ANY_USER,
  'GET /api/zonas/catalogo': STAFF,
  'POST /api/zonas': STAFF,
  'PUT /api/zonas/:id': STAFF,
  'GET /api/geocode': ANY_USER,

  // Read by the whole back office (a dentist looks codes up); changed with NOMENCLADOR.MANAGE.
  'GET /api/nomenclador': ANY_USER,
  'PUT /api/nomenclador/:id': ADMIN_ONLY,
  'POST /api/nomenclador/import': ADMIN_ONLY,
  'GET /api/nomenclador/grupos': ANY_USER,
  'POST /api/nomenclador/grupos': ADMIN_ONLY,
  'PUT /api/nomenclador/grupos/:id': ADMIN_ONLY,
  'DELETE /api/nomenclador/grupos/:id': ADMIN_ONLY,
  'GET /api/convenios': ANY_USER,
  'POST /api/convenios': ADMIN_ONLY,
  'PUT /api/convenios/:id': ADMIN_ONLY,
  'GET /api/convenios/:id/aranceles': ANY_USER,
  'POST /api/convenios/:id/aranceles/import': ADMIN_ONLY,
  'GET /api/planes': ANY_USER,
  'POST /api/planes': ADMIN_ONLY,
  'PUT /api/planes/:id': ADMIN_ONLY,
  'DELETE /api/planes/:id': ADMIN_ONLY,
  'GET /api/planes/:id/reglas': ANY_USER,
  'POST /api/planes/:id/reglas': ADMIN_ONLY,
  'PUT /api/planes/:id/reglas/:reglaId': ADMIN_ONLY,
  'DELETE /api/planes/:id/reglas/:reglaId': ADMIN_ONLY,
  'GET /api/planes/:id/reglas/export': ANY_USER,
  'POST /api/planes/:id/reglas/import': ADMIN_ONLY,
  // PRESTACIONES.VALIDATE, a dentist's own: the chair, her lines, their export and comprobante.
  'GET /api/prestaciones/historia': DENTIST_ONLY,
  'POST /api/prestaciones/validar': DENTIST_ONLY,
  'GET /api/prestaciones': DENTIST_ONLY,
  'GET /api/prestaciones/export': DENTIST_ONLY,
  'POST /api/prestaciones/lineas/:id/anular': DENTIST_ONLY,
  'GET /api/prestaciones/atenciones/:id/comprobante': DENTIST_ONLY,
  // Staff's queue of the affiliates' answers that say a visit did not happen or was overcharged.
  'GET /api/prestaciones/confirmaciones': STAFF,
  'PUT /api/prestaciones/confirmaciones/:id': STAFF,

  // Prior authorization: the dentist asks and follows; an auditor (here ADMINISTRADOR) decides.
  'POST /api/autorizaciones': DENTIST_ONLY,
  'GET /api/autorizaciones': DENTIST_ONLY,
  'GET /api/autorizaciones/:id': DENTIST_OR_AUDITOR,
  'POST /api/autorizaciones/:id/mensajes': DENTIST_OR_AUDITOR,
  'PUT /api/autorizaciones/:id': ADMIN_ONLY,
  'POST /api/autorizaciones/:id/anular': DENTIST_ONLY,
  'POST /api/autorizaciones/:id/adjuntos': DENTIST_ONLY,
  'GET /api/autorizaciones/:id/adjuntos/:adjuntoId': DENTIST_OR_AUDITOR,
  'GET /api/auditoria-odontologica/cola': ADMIN_ONLY,
  'GET /api/auditoria-odontologica/:id/contexto': ADMIN_ONLY,

  'GET /api/periodos': ADMIN_ONLY,
  'GET /api/periodos/:periodo': ADMIN_ONLY,
  'POST /api/periodos/:periodo/cierre': ADMIN_ONLY,
  'GET /api/liquidaciones': DENTIST_OR_SETTLER,
  'GET /api/liquidaciones/:id': DENTIST_OR_SETTLER,
  'PUT /api/liquidaciones/:id/pago': ADMIN_ONLY,
  'GET /api/lotes': ADMIN_ONLY,
  'PUT /api/lotes/:id/pago': ADMIN_ONLY,
  'GET /api/lotes/:id/export': ADMIN_ONLY,
  'POST /api/lotes/:id/debitos/import': ADMIN_ONLY,
  'GET /api/lotes/:id/debitos': ADMIN_ONLY,
  'PUT /api/lotes/:id/debitos/:debitoId': ADMIN_ONLY,
  'POST /api/lineas/:id/refacturar': ADMIN_ONLY,
  'GET /api/lineas': DENTIST_OR_AUDITOR,
  'PUT /api/lineas/:id/decision': ADMIN_ONLY,
  'POST /api/lineas/:id/respuesta': DENTIST_ONLY,
  'POST /api/lineas/:id/reconsideracion': DENTIST_ONLY,

  'POST /api/notificaciones': STAFF,
  'POST /api/notificaciones/afiliados': STAFF,
  'POST /api/notificaciones/destinatarios': STAFF,
  'GET /api/notificaciones': STAFF,
  'GET /api/notificaciones/by-id': ANY_USER,
  'GET /api/notificaciones/afiliados': AFILIADO_ONLY,
  'PUT /api/notificaciones/read': ANY_SIGNED_IN,
  'GET /api/notificaciones/unread': ANY_SIGNED_IN,
  'DELETE /api/notificaciones': STAFF,
  'GET /api/notificaciones/:id/destinatarios': STAFF,
  'GET /api/notificaciones/:id/destinatarios/export': STAFF,
  'GET /api/files/*': SIGNED_LINK,

  // AUDIT.GET; the export answers text/csv.
  'GET /api/auditoria': ADMIN_ONLY,
  'GET /api/auditoria/export': ADMIN_ONLY,
  'GET /api/reportes': STAFF,
  'GET /api/tablero': STAFF,
  'GET /api/tablero/pendientes': ANY_USER,
  'GET /api/reportes/mios': AFILIADO_ONLY,
  'PUT /api/reportes/:id': STAFF,
};

export const CALLERS = ['anonymous', 'afiliado', 'dentist', 'staff', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** A concrete URL for a route pattern: unknown ids, a file path for the wildcard. */
export const concrete = (url: string) =>
  url.replace(/:[A-Za-z]+/g, '999999').replace('*', 'notificaciones/2026/11/x.pdf');
