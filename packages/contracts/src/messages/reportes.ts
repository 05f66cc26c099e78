/** Messages of the reports affiliates send on a listing's data, and of staff's queue of them. */

export const MOTIVO_REQUIRED = 'Cuéntenos qué dato está mal';
export const MOTIVO_TOO_SHORT = 'Describa el error en al menos 5 caracteres';
export const REPORTE_LIMIT = 'Ya envió 5 reportes hoy. Podrá enviar otro mañana.';
export const REPORTE_SENT = 'Gracias. La red revisará los datos de este profesional.';
/** A report written without a connection: kept on the device and sent when it returns. */
export const REPORTE_QUEUED = 'Sin conexión: se enviará cuando vuelva la conexión';
export const REPORTE_NOT_QUEUED =
  'Sin conexión: no se pudo guardar el reporte en este dispositivo. Reintente cuando vuelva la conexión.';
export const REPORTE_NOT_FOUND = 'El reporte no existe';
export const ESTADO_INVALID = 'El estado debe ser abierto o cerrado.';
