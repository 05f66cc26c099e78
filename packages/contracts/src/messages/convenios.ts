/** Messages of the insurers' contracts (convenios) and their fees (aranceles). */

export const NOT_FOUND = 'El convenio no existe';
export const CREATED = 'Convenio creado';
export const UPDATED = 'Convenio actualizado';
export const NOMBRE_REQUIRED = 'El nombre del convenio es requerido';
export const OBRA_SOCIAL_REQUIRED = 'Elija la obra social del convenio';
export const OBRA_SOCIAL_UNKNOWN = 'La obra social no existe';
export const FECHA_INVALID = 'Escriba una fecha válida (dd/mm/aaaa)';
export const HASTA_BEFORE_DESDE = 'La fecha de fin no puede ser anterior a la de inicio';
export const DIA_CIERRE_INVALID = 'El día de cierre es un día del mes entre 1 y 28';
export const PLAZO_INVALID = 'El plazo es una cantidad de días entre 0 y 365';
export const VALOR_UNIDAD_INVALID = 'Escriba el valor de la unidad en pesos, por ejemplo 1.234,56';
/** Two contracts of one insurer cannot be in force on the same day. */
export const OVERLAPS = (nombre: string, desde: string, hasta: string | null) =>
  `Se superpone con el convenio ${nombre}, vigente desde el ${desde}${hasta ? ` hasta el ${hasta}` : ' sin fecha de fin'}`;
export const STARTS_AFTER_FEES = (desde: string) =>
  `El convenio tiene aranceles vigentes desde el ${desde}: no puede empezar después`;
export const VALOR_UNIDAD_IN_USE =
  'El convenio tiene aranceles en unidades: cambiar el valor de la unidad cambiaría el precio de lo ya atendido. Cree un convenio nuevo desde la fecha del cambio';
export const SHORTER_THAN_FEES = (hasta: string) =>
  `El convenio tiene aranceles vigentes después del ${hasta}: cierre o corrija esos aranceles antes de acortarlo`;

/** The CSV import of fees: the file and each of its lines. */
export const FILE_REQUIRED = 'Elija el archivo CSV de aranceles';
export const MISSING_COLUMNS = (columns: readonly string[]) =>
  `Al archivo le ${columns.length === 1 ? 'falta la columna' : 'faltan las columnas'} ${columns.join(', ')} (la primera fila debe nombrar las columnas: codigo;importe;vigente_desde;vigente_hasta)`;
export const HEADER_ONLY = 'El archivo solo tiene la fila de encabezados: no hay aranceles para cargar';
export const HAS_ERRORS = (count: string) =>
  count === '1'
    ? 'El archivo tiene una línea con errores: corríjala y vuelva a importarlo. No se cargó ningún arancel.'
    : `El archivo tiene ${count} líneas con errores: corríjalas y vuelva a importarlo. No se cargó ningún arancel.`;
export const PREVIEW_HAS_ERRORS = (count: string) =>
  count === '1'
    ? 'El archivo tiene una línea con errores: corríjala y vuelva a elegirlo. Mientras tanto no se puede importar.'
    : `El archivo tiene ${count} líneas con errores: corríjalas y vuelva a elegirlo. Mientras tanto no se puede importar.`;
export const IMPORTED = (nuevos: string) =>
  nuevos === '1'
    ? 'Aranceles importados: 1 arancel nuevo'
    : `Aranceles importados: ${nuevos} aranceles nuevos`;
export const TOO_MANY = (max: string) => `El archivo tiene más de ${max} aranceles`;
export const ROW_UNKNOWN_CODIGO = (codigo: string) => `El código "${codigo}" no está en el nomenclador`;
export const ROW_BAD_IMPORTE = (raw: string) =>
  `Importe inválido: "${raw}" (escriba pesos como 12.345,67, o unidades como U:3)`;
export const ROW_NO_VALOR_UNIDAD =
  'El convenio no tiene valor de unidad: escriba el importe en pesos o defina el valor de la unidad en el convenio';
export const ROW_BAD_DESDE = (raw: string) =>
  `Fecha de inicio inválida: "${raw}" (use dd/mm/aaaa o aaaa-mm-dd)`;
export const ROW_BAD_HASTA = (raw: string) => `Fecha de fin inválida: "${raw}" (use dd/mm/aaaa o aaaa-mm-dd)`;
export const ROW_HASTA_BEFORE_DESDE = 'La fecha de fin es anterior a la de inicio';
export const ROW_OUTSIDE_CONVENIO = (desde: string, hasta: string | null) =>
  `Fuera de la vigencia del convenio (desde el ${desde}${hasta ? ` hasta el ${hasta}` : ''})`;
export const ROW_OVERLAPS = (desde: string, hasta: string | null) =>
  `Se superpone con el arancel del mismo código vigente desde el ${desde}${hasta ? ` hasta el ${hasta}` : ' sin fecha de fin'}`;
export const ROW_OVERLAPS_LINE = (line: number) =>
  `Se superpone con el arancel del mismo código de la línea ${line}`;
export const PLAZO_AUTORIZACION_INVALID = 'El plazo de respuesta es una cantidad de horas entre 1 y 2160';
export const VIGENCIA_AUTORIZACION_INVALID = 'La vigencia de una autorización es de 1 a 730 días';
