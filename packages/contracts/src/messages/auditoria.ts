/** Messages of the audit log, the affiliate's accesses and the downloads of one's own data. */

export const RANGE_INVALID = 'La fecha "Desde" no puede ser posterior a "Hasta"';
export const DATE_INVALID = 'Ingrese una fecha válida (dd/mm/aaaa)';
export const EXPORT_FAILED = 'No se pudo exportar el registro. Intente nuevamente.';
export const EXPORT_DONE = (rows: number) =>
  rows === 1 ? 'Se exportó 1 registro' : `Se exportaron ${rows.toLocaleString('es-AR')} registros`;
export const DATOS_FAILED = 'No se pudieron descargar sus datos. Intente nuevamente.';
export const NO_ACCESOS = 'Nadie consultó sus datos en los últimos 12 meses.';
