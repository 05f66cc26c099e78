/** Messages of the chair: a patient's history, lines checked against the plan, and validation. */

export const DOCUMENTO_REQUIRED = 'Escriba el documento del paciente';
export const AFILIADO_NOT_FOUND = 'No hay un afiliado con ese documento';
export const NOT_A_PRESTADOR = 'Solo un prestador de la red registra prestaciones';
export const NO_ATIENDE = 'Usted no atiende esa obra social';
export const SIN_OBRA_SOCIAL = 'El afiliado no tiene obra social';
export const FECHA_INVALID = 'La fecha de la atención no es válida: escríbala aaaa-mm-dd';
export const FECHA_FUTURA = 'La fecha de la atención no puede ser posterior a hoy';
export const FECHA_FUERA_DE_PLAZO = (desde: string) =>
  `Esa fecha está fuera del plazo del convenio: se registran atenciones desde el ${desde}`;
export const SOLO_HOY = 'El convenio no admite atenciones de días anteriores: registre la de hoy';
export const LINEAS_REQUIRED = 'Agregue al menos una prestación';
export const LINEAS_TOO_MANY = 'Una atención lleva hasta 30 prestaciones';
export const CODIGO_REQUIRED = 'Elija el código de la prestación';
export const CODIGO_UNKNOWN = (codigo: string) => `El código ${codigo} no está en el nomenclador`;
export const PIEZA_INVALID = 'La pieza es un número FDI: 11 a 48 las permanentes, 51 a 85 las temporarias';
export const CARAS_INVALID = 'Las caras se escriben con las letras O, V, M, D, P, L, I y C';
export const SECTOR_INVALID = 'El sector es SD, SA, SI, ID, IA o II (o S e I para una arcada)';
export const AUTORIZACION_INVALID = 'El número de autorización lleva letras y números';
export const BLOQUEADA =
  'Hay prestaciones que no se pueden validar: revise lo que dice cada una. No se registró nada';
export const VALIDADA = (codigo: string) => `Atención validada: código ${codigo}`;
export const LINEA_NOT_FOUND = 'La prestación no existe';
export const ATENCION_NOT_FOUND = 'La atención no existe';
export const YA_ANULADA = 'La prestación ya está anulada';
export const NO_ANULABLE = 'Solo se anula una prestación validada, antes del cierre del período';
export const ANULADA = 'Prestación anulada';
export const OTRO_PRESTADOR = 'otro prestador de la red';
export const PERIODO_INVALID = 'El período se escribe aaaa-mm';
export const AFILIADO_SIN_TOKEN =
  'Sus prestaciones se ven en el teléfono donde activó su token: ábralas desde ahí, o active el token en este teléfono';
export const CONFIRMACION_GRACIAS = 'Gracias: su respuesta quedó registrada';
export const CONFIRMACION_YA = 'Ya respondió sobre esa atención';
export const CONFIRMACION_NOT_FOUND = 'No hay una atención a su nombre para responder';
export const COBRO_INVALID = 'Escriba cuánto le cobraron, en pesos';
export const CONFIRMACION_ESTADO_INVALID = 'El estado debe ser pendiente o revisada';
export const CONFIRMACION_OBSERVADA_NOT_FOUND = 'No hay una respuesta observada de esa atención';
