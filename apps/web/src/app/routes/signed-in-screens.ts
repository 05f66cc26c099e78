/**
 * The signed-in screens' modules. The route map reaches them through this
 * module, loaded with the first signed-in screen, so the list of files each
 * screen needs is written here and not in the entry that the sign-in pages
 * load (docs/decisions/011-login-page-javascript-budget.md).
 */
export const SIGNED_IN_SCREENS = {
  tablero: () => import('./tablero.tsx'),
  afiliados: () => import('./afiliados.tsx'),
  afiliadosImportCsv: () => import('./afiliados-import-csv.tsx'),
  afiliadosForm: () => import('./afiliados-form.tsx'),
  afiliadosConfirmaciones: () => import('./afiliados-confirmaciones.tsx'),
  profesionales: () => import('./profesionales.tsx'),
  profesionalesSolicitudes: () => import('./profesionales-solicitudes.tsx'),
  profesionalesReportes: () => import('./profesionales-reportes.tsx'),
  profesionalesEdit: () => import('./profesionales-edit.tsx'),
  obraSocial: () => import('./obra-social.tsx'),
  notificaciones: () => import('./notificaciones.tsx'),
  notificacionesCrear: () => import('./notificaciones-crear.tsx'),
  miPerfil: () => import('./mi-perfil.tsx'),
  perfilAfiliado: () => import('./perfil-afiliado.tsx'),
  cartilla: () => import('./cartilla.tsx'),
  notificacionesAfiliado: () => import('./notificaciones-afiliado.tsx'),
  prestacionesAfiliado: () => import('./prestaciones-afiliado.tsx'),
  miToken: () => import('./mi-token.tsx'),
  activarToken: () => import('./activar-token.tsx'),
  catalogos: () => import('./catalogos.tsx'),
  nomenclador: () => import('./nomenclador.tsx'),
  convenios: () => import('./convenios.tsx'),
  planes: () => import('./planes.tsx'),
  atender: () => import('./atender.tsx'),
  misPrestaciones: () => import('./mis-prestaciones.tsx'),
  autorizaciones: () => import('./autorizaciones.tsx'),
  autorizacion: () => import('./autorizacion.tsx'),
  auditoriaOdontologica: () => import('./auditoria-odontologica.tsx'),
  miCuenta: () => import('./mi-cuenta.tsx'),
  usuarios: () => import('./usuarios.tsx'),
  roles: () => import('./roles.tsx'),
  auditoria: () => import('./auditoria.tsx'),
  misDatos: () => import('./mis-datos.tsx'),
};
