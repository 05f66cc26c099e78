/**
 * Every Spanish text that the API sends or the screens show as a message:
 * errors, confirmations and hints. The product specification's texts are
 * quoted letter for letter. Generic messages sit at the top level; each
 * feature's own are grouped under its name. Nothing else in the repository
 * writes a user-facing message inline.
 *
 * Each message is an export of its own and `MESSAGES` is the namespace of
 * them all, so a screen's bundle carries only the messages it uses.
 */

export * as acceso from './acceso.ts';
export * as afiliados from './afiliados.ts';
export * as auditoria from './auditoria.ts';
export * as autorizaciones from './autorizaciones.ts';
export * as cartilla from './cartilla.ts';
export * as cierre from './cierre.ts';
export * from './common.ts';
export * as convenios from './convenios.ts';
export * as csv from './csv.ts';
export * as especialidades from './especialidades.ts';
export * as geocoding from './geocoding.ts';
export * as nomenclador from './nomenclador.ts';
export * as notificaciones from './notificaciones.ts';
export * as obrasSociales from './obras-sociales.ts';
export * as planes from './planes.ts';
export * as prestaciones from './prestaciones.ts';
export * as profesionales from './profesionales.ts';
export * as reportes from './reportes.ts';
export * as roles from './roles.ts';
export * as schedule from './schedule.ts';
export * as tokenAfiliado from './token-afiliado.ts';
export * as usuarios from './usuarios.ts';
export * as zonas from './zonas.ts';
