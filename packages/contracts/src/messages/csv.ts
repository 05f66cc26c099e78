/** Messages of the affiliates' CSV import. */

export const SELECT_BOTH = 'Por favor, selecciona una obra social y un archivo CSV.';
export const UPLOAD_FAILED = 'Error al subir el archivo';
/** `count` as the screen writes numbers ('1.002'). */
export const LOADED = (count: string) => `Se han cargado ${count} afiliados`;
export const FILE_REQUIRED = 'El archivo CSV es obligatorio';
export const NOT_TEXT = 'El archivo no es un CSV de texto (UTF-8 o Windows-1252)';
export const EMPTY = 'El archivo está vacío';
export const HEADER_ONLY = 'El archivo solo tiene la fila de encabezados: no hay afiliados para cargar';
export const NO_DOCUMENTO_COLUMN =
  'El archivo no tiene una columna de documento (por ejemplo "documento", "dni" o "número de documento")';
export const NO_NOMBRE_COLUMN =
  'El archivo no tiene una columna de nombre (por ejemplo "nombre" o "nombre completo")';
export const ROW_NO_DOCUMENTO = 'Falta el número de documento';
export const ROW_NO_NOMBRE = 'Falta el nombre';
export const ROW_BAD_DATE = (raw: string) =>
  `Fecha de nacimiento inválida: "${raw}" (use dd/mm/aaaa o aaaa-mm-dd)`;
export const ROW_FUTURE_DATE = (raw: string) =>
  `Fecha de nacimiento en el futuro: "${raw}" (es posterior a hoy)`;
export const ROW_BAD_TIPO = (raw: string) =>
  `Tipo de documento desconocido: "${raw}" (use DNI, Pasaporte, LE, LC o CI)`;
export const ROW_BAD_DIGITS = (tipo: string) => `El ${tipo} debe tener entre 6 y 9 dígitos`;
export const ROW_BAD_DOCUMENTO = 'El número de documento no es válido';
export const ROW_DUPLICATE = (firstLine: number) =>
  `Documento repetido en el archivo (ya figura en la línea ${firstLine})`;
export const ROW_BAD_EMAIL = 'Email inválido';
export const ROW_TOO_LONG = 'Algún campo es demasiado largo';
export const ROW_UNKNOWN_PLAN = (codigo: string, obraSocial: string) =>
  `${obraSocial} no tiene un plan con el código "${codigo}" (cárguelo en Planes o corrija la línea)`;
export const ROW_BAD_ALTA = (raw: string) => `Fecha de alta inválida: "${raw}" (use dd/mm/aaaa)`;
export const PLAN_GONE =
  'Un plan que nombra el archivo se eliminó mientras se importaba: no se cargó nada; vuelva a importarlo';
export const ROW_BAD_TEXT = 'La línea contiene caracteres no válidos';
export const ROW_BAD_CSV = 'La línea no tiene un formato CSV válido (revise las comillas)';
export const BAJA_WITH_ERRORS =
  'Para dar de baja a quienes no están en el archivo, primero corrija las filas con errores: sin ellas el archivo no es la lista completa de la obra social.';

/** 'línea 3', 'líneas 3 y 8', 'líneas 3, 8, 12, 15, 20 y 7 más': the file's lines a message is about, the first five named. */
export const LINES = (lines: readonly number[], total = lines.length) => {
  const named = lines.slice(0, 5);
  if (named.length === 1 && total <= 1) return `línea ${named[0]}`;
  const rest = total - named.length;
  return rest > 0
    ? `líneas ${named.join(', ')} y ${rest} más`
    : `líneas ${named.slice(0, -1).join(', ')} y ${named.at(-1)}`;
};
/** `permiso` is the permission's description (PERMISSION_DESCRIPTIONS), as the Roles screen names it. */
export const REACTIVATION_NEEDS_PERMISSION = (lines: string, permiso: string) =>
  `El archivo reactivaría afiliados dados de baja (${lines}); para eso hace falta el permiso «${permiso}».`;
export const UPDATE_NEEDS_PERMISSION = (lines: string, permiso: string) =>
  `El archivo cambiaría datos de afiliados que ya existen (${lines}); para eso hace falta el permiso «${permiso}».`;
export const NEEDS_PERMISSION_HINT =
  'Quite esas líneas del archivo o pida la importación a alguien que tenga el permiso.';
export const BAJA_AUSENTES_NEEDS_PERMISSION = (permiso: string) =>
  `Dar de baja a los afiliados que no están en el archivo requiere el permiso «${permiso}».`;

/** What an import does to one affiliate it gives de baja: in its preview (`dryRun`), and once done. */
export const DEACTIVATED_AFILIADO = (nombre: string, dryRun: boolean) =>
  dryRun ? `Se dará de baja a ${nombre}` : `Se dio de baja a ${nombre}`;
/**
 * 'Lucía Acuña pasará de OSDE a Unión Personal' (preview) or 'pasó' (done);
 * `from` null: the affiliate had no insurer.
 */
export const MOVED_AFILIADO = (nombre: string, from: string | null, to: string, dryRun: boolean) =>
  from === null
    ? `${nombre}, sin obra social asignada, ${dryRun ? 'pasará' : 'pasó'} a ${to}`
    : `${nombre} ${dryRun ? 'pasará' : 'pasó'} de ${from} a ${to}`;
