export const NOT_FOUND = 'No existe esa autorización, o no es suya';
export const LINEAS_REQUIRED = 'Agregue al menos una prestación para pedir la autorización';
export const LINEAS_TOO_MANY = 'Una autorización lleva hasta 10 prestaciones';
export const NO_REQUIERE =
  'Ninguna de estas prestaciones requiere autorización previa en el plan del afiliado: valídelas desde Atender';
export const BLOQUEADA = 'Alguna prestación no se puede autorizar: revise el resultado de cada una';
export const APROBADA_POR_REGLA = (numero: string) =>
  `Autorización ${numero} aprobada: las reglas del plan la cubren sin revisión`;
export const EN_REVISION = (numero: string) =>
  `Autorización ${numero} pedida: la revisa un auditor odontológico`;
export const MENSAJE_REQUIRED = 'Escriba el mensaje';
export const MOTIVO_REQUIRED = 'Elija el motivo';
export const MOTIVO_INVALID = 'El motivo no es uno del catálogo';
export const ITEMS_REQUIRED = 'Marque las prestaciones que aprueba (al menos una, no todas)';
export const DECISION_INVALID = 'La decisión debe ser aprobar, aprobar en parte, observar o rechazar';
export const NO_DECIDIBLE = (estado: string) => `La autorización está ${estado}: ya no se decide`;
export const NO_ANULABLE = (estado: string) => `La autorización está ${estado}: ya no se anula`;
export const NO_RESPONDE = (estado: string) => `La autorización está ${estado}: ya no recibe mensajes`;
export const DECIDIDA = 'Decisión registrada';
export const ANULADA = 'Autorización anulada';
export const MENSAJE_ENVIADO = 'Mensaje enviado';
export const CONSUMIDA = (numero: string) => `La autorización ${numero} ya se usó en otra prestación`;
export const ESTADO_INVALID = 'El estado no es uno de los de una autorización';
export const ADJUNTO_REQUIRED = 'Elija el archivo: una foto (JPEG o PNG) o un PDF';
export const ADJUNTO_TIPO_INVALID =
  'Diga qué es el archivo: Rx preoperatoria, Rx postoperatoria, foto o presupuesto';
export const ADJUNTO_INVALIDO =
  'El archivo no es una foto JPEG o PNG ni un PDF (o llegó cortado): vuelva a sacar la foto o a exportar el PDF';
export const ADJUNTO_POLIGLOTA =
  'El archivo trae algo más que una imagen o un documento (un programa, una página o un script): no se acepta';
export const ADJUNTO_NO_ADMITE = (estado: string) => `La autorización está ${estado}: ya no recibe archivos`;
export const ADJUNTO_NOT_FOUND = 'No existe ese archivo en la autorización';
export const ADJUNTO_SUBIDO = 'Archivo agregado a la autorización';
export const PROPIA = 'No puede decidir una autorización que pidió usted: la decide otro auditor';
export const CODIGO_INVALID = 'El código de prestación tiene hasta 20 caracteres';
