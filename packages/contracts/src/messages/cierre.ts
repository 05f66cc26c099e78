export const PERIODO_INVALID = 'El período se escribe año y mes: 2026-11';
export const PERIODO_ABIERTO = (periodo: string, desde: string) =>
  `El período ${periodo} todavía no terminó: se cierra desde el ${desde}`;
export const PERIODO_ANTERIOR = (periodo: string) =>
  `Cierre primero el período ${periodo}: los períodos se cierran en orden`;
export const PERIODO_PASADO = (periodo: string, ultimo: string) =>
  `El período ${periodo} es anterior al último cerrado (${ultimo}): sus prestaciones se presentaron en ese cierre`;
export const PERIODO_CERRADO = (periodo: string) => `El período ${periodo} ya está cerrado`;
export const MUESTRA_PCT_INVALID = 'El porcentaje de la muestra va de 0 a 100';
export const MUESTRA_DESDE_INVALID = 'El importe desde el que se audita toda línea es un monto en pesos';
export const DESVIO_INVALID = 'El desvío es cuántas veces la mediana de la red (de 1 a 20), o vacío';
export const SEMILLA_INVALID = 'La semilla es un número entero positivo';
export const CERRADO = (periodo: string) => `Período ${periodo} cerrado`;
export const LIQUIDACION_NOT_FOUND = 'No existe esa liquidación, o no es suya';
export const LOTE_NOT_FOUND = 'No existe ese lote';
export const PAGO_FECHA_INVALID = 'Escriba la fecha de pago (dd/mm/aaaa)';
export const PAGO_ANTES_DEL_CIERRE = 'La fecha de pago no puede ser anterior al cierre del período';
export const PAGO_FUTURO = 'La fecha de pago no puede ser posterior a hoy';
export const PAGO_REGISTRADO = 'Pago registrado';
export const NO_ES_PRESTADOR = 'Solo un prestador de la red tiene liquidaciones';
export const LINEA_NOT_FOUND = 'No existe esa prestación, o no es suya';
export const DECISION_INVALID = 'La decisión debe ser aprobar, aprobar en parte, observar o rechazar';
export const MOTIVO_REQUIRED = 'Elija el motivo del débito';
export const NOTA_REQUIRED = 'Escriba qué le pide al profesional';
export const NOTA_TOO_LONG = 'La nota tiene hasta 1000 caracteres';
export const IMPORTE_PARCIAL_INVALID = (cargo: string) =>
  `Lo aprobado en parte es un importe mayor que cero y menor que ${cargo}`;
export const NO_DECIDIBLE = (estado: string) =>
  `La prestación está ${estado}: no espera la decisión de un auditor`;
export const PROPIA = 'No puede auditar una prestación suya: la decide otro auditor';
export const DECIDIDA = 'Decisión registrada';
export const NO_OBSERVADA = (estado: string) => `La prestación está ${estado}: no espera su respuesta`;
export const RESPUESTA_REQUIRED = 'Escriba su respuesta al auditor';
export const RESPONDIDA = 'Respuesta enviada: la prestación vuelve al auditor';
export const NO_RECONSIDERABLE = 'Solo se pide reconsideración de una prestación debitada';
export const YA_RECONSIDERADA = 'Ya pidió la reconsideración de esta prestación: se pide una sola vez';
export const RECONSIDERACION_REQUIRED = 'Diga por qué pide la reconsideración';
export const RECONSIDERACION_PEDIDA = 'Reconsideración pedida: la prestación vuelve al auditor';
export const RECONSIDERACION_NO_SE_OBSERVA =
  'Una reconsideración se aprueba, se aprueba en parte o se rechaza: no se observa';
export const RECONSIDERACION_MENOS = (pagado: string) =>
  `En la reconsideración lo aprobado supera lo ya pagado (${pagado})`;
export const LOTE_FORMATO_INVALID = 'El formato es csv, xlsx o fhir';
