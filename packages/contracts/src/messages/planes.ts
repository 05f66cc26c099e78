/** Messages of the insurers' plans and each plan's dated rules. */

export const NOT_FOUND = 'El plan no existe';
export const CREATED = 'Plan creado';
export const UPDATED = 'Plan actualizado';
export const DELETED = 'Plan eliminado';
export const OBRA_SOCIAL_REQUIRED = 'Elija la obra social del plan';
export const OBRA_SOCIAL_UNKNOWN = 'La obra social no existe';
export const CODIGO_REQUIRED = 'El código del plan es requerido';
export const CODIGO_INVALID =
  'El código del plan lleva letras, números, puntos o guiones, sin espacios (por ejemplo 210 o PMO-PLUS)';
export const NOMBRE_REQUIRED = 'El nombre del plan es requerido';
export const CODIGO_TAKEN = (codigo: string, obraSocial: string) =>
  `${obraSocial} ya tiene un plan con el código ${codigo}`;
export const HAS_AFILIADOS = (count: string) =>
  count === '1'
    ? 'El plan tiene un afiliado: páselo a otro plan antes de eliminarlo'
    : `El plan tiene ${count} afiliados: páselos a otro plan antes de eliminarlo`;
export const OBRA_SOCIAL_FIXED =
  'Un plan no cambia de obra social: cree el plan en la otra obra social y pase sus afiliados';

/** The rules of a plan. */
export const REGLA_NOT_FOUND = 'La regla no existe en este plan';
export const REGLA_CREATED = 'Regla agregada';
export const REGLA_UPDATED = 'Regla actualizada';
export const REGLA_DELETED = 'Regla eliminada';
export const OBJETIVO_REQUIRED = 'Elija a qué se aplica la regla: un código, un grupo o un capítulo';
export const OBJETIVO_INVALID = (raw: string) =>
  `"${raw}" no es un objetivo de regla: escriba un código (02.01), grupo:Nombre del grupo o capitulo:05`;
export const OBJETIVO_UNKNOWN_CODIGO = (codigo: string) => `El código "${codigo}" no está en el nomenclador`;
export const OBJETIVO_UNKNOWN_GRUPO = (grupo: string) => `No hay un grupo de códigos llamado "${grupo}"`;
export const OBJETIVO_UNKNOWN_CAPITULO = (capitulo: string) =>
  `El capítulo "${capitulo}" no existe (los capítulos van del 01 al 10)`;
export const FECHA_INVALID = 'Escriba una fecha válida (dd/mm/aaaa)';
export const HASTA_BEFORE_DESDE = 'La fecha de fin no puede ser anterior a la de inicio';
export const COBERTURA_INVALID = 'La cobertura es un porcentaje entre 1 y 100';
export const COSEGURO_INVALID =
  'Escriba el coseguro en pesos (1.500,00) o como porcentaje (50 %), o déjelo vacío si no hay';
export const COSEGURO_PCT_INVALID = 'El coseguro en porcentaje va de 1 a 100';
export const COSEGURO_BOTH = 'El coseguro es en pesos o en porcentaje, no las dos cosas';
export const FRECUENCIA_INVALID = 'La frecuencia es una cantidad de prestaciones entre 1 y 99';
export const PERIODO_INVALID = 'El período es una cantidad de días entre 1 y 3650, o el año calendario';
export const PERIODO_BOTH = 'El período es de días o el año calendario, no las dos cosas';
export const PERIODO_WITHOUT_FRECUENCIA = 'Indique cuántas prestaciones se cubren en el período';
export const AMBITO_INVALID = 'El ámbito es afiliado, pieza, pieza+cara o sector';
export const EDAD_INVALID = 'La edad es una cantidad de años entre 0 y 120';
export const EDAD_RANGE = 'La edad mínima no puede ser mayor que la máxima';
export const DIAS_INVALID = 'Escriba una cantidad de días entre 0 y 3650';
export const TOPE_INVALID = 'El tope mensual es una cantidad entre 1 y 99';
export const GARANTIA_INVALID = 'La garantía es una cantidad de meses entre 1 y 240';
export const ADJUNTO_INVALID = (raw: string) =>
  `"${raw}" no es un adjunto: use rx_pre, rx_post, foto o presupuesto`;
export const NOT_COVERED_WITH_TERMS =
  'Una regla que no cubre no lleva cobertura, coseguro, autorización, adjuntos ni límites';
/** Two versions of a rule for one target cannot be in force on the same day. */
export const OVERLAPS = (objetivo: string, desde: string, hasta: string | null) =>
  `Ya hay una regla para ${objetivo} vigente desde el ${desde}${hasta ? ` hasta el ${hasta}` : ' sin fecha de fin'}: cámbiele la fecha de fin o elija otras fechas`;

/** The CSV import of a plan's rules: the file and each of its lines. */
export const FILE_REQUIRED = 'Elija el archivo CSV de reglas';
export const MISSING_COLUMNS = (columns: readonly string[]) =>
  `Al archivo le ${columns.length === 1 ? 'falta la columna' : 'faltan las columnas'} ${columns.join(', ')} (la primera fila debe nombrar las columnas: objetivo;cubre;…;vigente_desde;vigente_hasta)`;
export const HEADER_ONLY = 'El archivo solo tiene la fila de encabezados: no hay reglas para cargar';
export const TOO_MANY = (max: string) => `El archivo tiene más de ${max} reglas`;
export const HAS_ERRORS = (count: string) =>
  count === '1'
    ? 'El archivo tiene una línea con errores: corríjala y vuelva a importarlo. No se cargó ninguna regla.'
    : `El archivo tiene ${count} líneas con errores: corríjalas y vuelva a importarlo. No se cargó ninguna regla.`;
export const PREVIEW_HAS_ERRORS = (count: string) =>
  count === '1'
    ? 'El archivo tiene una línea con errores: corríjala y vuelva a elegirlo. Mientras tanto no se puede importar.'
    : `El archivo tiene ${count} líneas con errores: corríjalas y vuelva a elegirlo. Mientras tanto no se puede importar.`;
export const IMPORTED = (nuevas: string) =>
  nuevas === '1' ? 'Reglas importadas: 1 regla nueva' : `Reglas importadas: ${nuevas} reglas nuevas`;
export const ROW_BAD_BOOLEAN = (column: string, raw: string) => `${column}: "${raw}" no es sí ni no`;
export const ROW_BAD_NUMBER = (column: string, raw: string) => `${column}: "${raw}" no es un número válido`;
export const ROW_BAD_DESDE = (raw: string) =>
  `Fecha de inicio inválida: "${raw}" (use dd/mm/aaaa o aaaa-mm-dd)`;
export const ROW_BAD_HASTA = (raw: string) => `Fecha de fin inválida: "${raw}" (use dd/mm/aaaa o aaaa-mm-dd)`;
export const ROW_OVERLAPS = (desde: string, hasta: string | null) =>
  `Se superpone con la regla del mismo objetivo vigente desde el ${desde}${hasta ? ` hasta el ${hasta}` : ' sin fecha de fin'}`;
export const ROW_OVERLAPS_LINE = (line: number) =>
  `Se superpone con la regla del mismo objetivo de la línea ${line}`;
