/** Messages of the code table (nomenclador): its codes, groups and CSV import. */

export const CODIGO_NOT_FOUND = 'El código no existe en el nomenclador';
export const CODIGO_UPDATED = 'Código actualizado';
export const GRUPO_NOT_FOUND = 'El grupo no existe';
export const GRUPO_CREATED = 'Grupo creado';
export const GRUPO_UPDATED = 'Grupo actualizado';
export const GRUPO_DELETED = 'Grupo eliminado';
export const GRUPO_TAKEN = 'Ya existe un grupo con ese nombre';
export const GRUPO_IN_USE =
  'El grupo está en reglas de planes: quite esas reglas antes de eliminarlo (o cambie sus códigos)';
export const GRUPO_NOMBRE_REQUIRED = 'El nombre del grupo es requerido';
export const GRUPO_EMPTY = 'Elija al menos un código para el grupo';
export const GRUPO_UNKNOWN_CODES = (codigos: readonly string[]) =>
  `${codigos.length === 1 ? 'El código' : 'Los códigos'} ${codigos.join(', ')} no ${codigos.length === 1 ? 'está' : 'están'} en el nomenclador`;

export const NOMBRE_REQUIRED = 'El nombre de la prestación es requerido';
export const CODIGO_INVALID = 'El código debe tener la forma NN.NN o NN.NN.NN (por ejemplo 02.01)';
export const CAPITULO_INVALID = 'Elija uno de los diez capítulos';
export const AREA_INVALID = 'Elija el área de tratamiento: boca, arcada, sector, pieza o caras';
export const DENTICION_INVALID = 'Elija la dentición: permanente, temporaria o ambas';
export const CARAS_INVALID =
  'Un código por caras lleva de 1 a 5 caras, y la cantidad mínima no puede superar a la máxima';
export const CARAS_ONLY_FOR_CARAS = 'Solo los códigos del área «Pieza y caras» llevan cantidad de caras';
export const UNIDADES_INVALID =
  'Las unidades son un número positivo con hasta dos decimales (por ejemplo 2,5)';

/** The CSV import of codes: the file and each of its lines. */
export const FILE_REQUIRED = 'Elija el archivo CSV del nomenclador';
export const MISSING_COLUMNS = (columns: readonly string[]) =>
  `Al archivo le ${columns.length === 1 ? 'falta la columna' : 'faltan las columnas'} ${columns.join(', ')} (la primera fila debe nombrar las columnas: codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades)`;
export const HEADER_ONLY = 'El archivo solo tiene la fila de encabezados: no hay códigos para cargar';
/** The import refused for its lines: nothing was loaded. */
export const HAS_ERRORS = (count: string) =>
  count === '1'
    ? 'El archivo tiene una línea con errores: corríjala y vuelva a importarlo. No se cargó ningún código.'
    : `El archivo tiene ${count} líneas con errores: corríjalas y vuelva a importarlo. No se cargó ningún código.`;
/** The preview of a file with refused lines: it cannot be imported as it is. */
export const PREVIEW_HAS_ERRORS = (count: string) =>
  count === '1'
    ? 'El archivo tiene una línea con errores: corríjala y vuelva a elegirlo. Mientras tanto no se puede importar.'
    : `El archivo tiene ${count} líneas con errores: corríjalas y vuelva a elegirlo. Mientras tanto no se puede importar.`;
/** `nuevos` and `modificados` as the screen writes numbers. */
export const IMPORTED = (nuevos: string, modificados: string) =>
  `Nomenclador importado: ${nuevos === '1' ? '1 código nuevo' : `${nuevos} códigos nuevos`} y ${modificados === '1' ? '1 modificado' : `${modificados} modificados`}`;
export const ROW_BAD_CODIGO = (raw: string) => `Código inválido: "${raw}" (use NN.NN o NN.NN.NN)`;
export const ROW_BAD_CAPITULO = (raw: string) => `Capítulo desconocido: "${raw}" (use 01 a 10)`;
export const ROW_CAPITULO_MISMATCH = (codigo: string, capitulo: string) =>
  `El código ${codigo} no pertenece al capítulo ${capitulo}: los dos primeros dígitos del código son su capítulo`;
export const ROW_NO_NOMBRE = 'Falta el nombre de la prestación';
export const ROW_BAD_AREA = (raw: string) =>
  `Área de tratamiento desconocida: "${raw}" (use boca, arcada, sector, pieza o caras)`;
export const ROW_BAD_CARAS = 'Caras mínima y máxima: enteros de 1 a 5, la mínima no mayor que la máxima';
export const ROW_CARAS_NOT_CARAS = (area: string) =>
  `Un código del área ${area} no lleva caras: deje caras_min y caras_max vacías`;
export const ROW_BAD_DENTICION = (raw: string) =>
  `Dentición desconocida: "${raw}" (use permanente, temporaria o ambas)`;
export const ROW_BAD_UNIDADES = (raw: string) =>
  `Unidades inválidas: "${raw}" (un número positivo con hasta dos decimales, por ejemplo 2,5)`;
export const ROW_DUPLICATE = (firstLine: number) =>
  `Código repetido en el archivo (ya figura en la línea ${firstLine})`;
export const TOO_MANY = (max: string) => `El archivo tiene más de ${max} códigos: no es un nomenclador`;
