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
export const RESPUESTA_REQUIRED = 'Escriba la respuesta para el auditor';
export const RESPONDIDA = 'Respuesta enviada: la prestación vuelve al auditor';
export const NO_RECONSIDERABLE = 'Solo se pide reconsideración de una prestación debitada';
export const YA_RECONSIDERADA = 'Ya pidió la reconsideración de esta prestación: se pide una sola vez';
export const RECONSIDERACION_REQUIRED = 'Diga por qué pide la reconsideración';
export const RECONSIDERACION_PEDIDA = 'Reconsideración pedida: la prestación vuelve al auditor';
export const RECONSIDERACION_NO_SE_OBSERVA =
  'Una reconsideración se aprueba, se aprueba en parte o se rechaza: no se observa';
export const RECONSIDERACION_MENOS = (pagado: string) =>
  `En la reconsideración, lo aprobado debe superar lo ya pagado (${pagado})`;
export const LOTE_FORMATO_INVALID = 'El formato es csv, xlsx o fhir';
export const DEBITOS_FILE_REQUIRED = 'Elija el archivo de débitos de la obra social (CSV)';
export const DEBITOS_MISSING_COLUMNS = (columns: readonly string[]) =>
  `Al archivo le ${columns.length === 1 ? 'falta la columna' : 'faltan las columnas'} ${columns.join(', ')}`;
export const DEBITOS_HEADER_ONLY = 'El archivo solo tiene los encabezados: no trae débitos';
export const DEBITOS_HAS_ERRORS = (n: string) =>
  `El archivo tiene ${n === '1' ? '1 línea con errores' : `${n} líneas con errores`}: no se cargó ningún débito`;
export const DEBITO_LINEA_REQUIRED = 'Falta la línea: su número o el código de validación';
export const DEBITO_LINEA_NOT_IN_LOTE = 'La línea no está en este lote';
export const DEBITO_LINEA_AMBIGUA =
  'La atención tiene varias líneas en el lote: agregue la columna codigo con el código de la prestación';
export const DEBITO_IMPORTE_INVALID = 'El importe es un monto en pesos mayor que cero (12.345,67)';
export const DEBITO_IMPORTE_EXCEDE = (facturado: string) =>
  `El débito supera lo facturado por la línea (${facturado})`;
export const DEBITO_MOTIVO_REQUIRED = 'Falta el motivo del débito';
export const DEBITO_REPETIDO = 'La línea ya tiene un débito en este lote';
export const DEBITO_NOT_FOUND = 'No existe ese débito en el lote';
export const DEBITO_LIQUIDADO = 'El débito ya se trasladó en una liquidación: no se cambia';
export const DEBITO_DECISION_INVALID = 'La decisión es trasladar al prestador o absorber';
export const DEBITO_DECIDIDO = 'Débito decidido';
export const NO_REFACTURABLE =
  'Solo se refactura una línea con un débito de la obra social trasladado a su prestador';
export const YA_REFACTURADA = 'La línea ya se refacturó';
export const REFACTURACION_VENCIDA = (hasta: string) => `El plazo para refacturar venció el ${hasta}`;
export const REFACTURADA = 'Línea refacturada: se presenta en el próximo cierre';
export const DEBITOS_TOO_MANY = (n: string) => `El archivo trae más de ${n} débitos: no es el de un lote`;
export const DEBITO_REFACTURADO = 'La línea ya se refacturó: el débito queda a cargo de su prestador';
