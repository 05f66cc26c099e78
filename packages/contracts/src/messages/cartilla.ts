/** Messages of the affiliate's provider directory (the cartilla) and the reports on its data. */

export const NO_RESULTS = 'No se encontraron profesionales para esta especialidad';
export const MOTIVO_REQUIRED = 'Cuéntenos qué dato está mal';
export const MOTIVO_TOO_SHORT = 'Describa el error en al menos 5 caracteres';
export const REPORTE_LIMIT = 'Ya envió 5 reportes hoy. Podrá enviar otro mañana.';
export const REPORTE_SENT = 'Gracias. La red revisará los datos de este profesional.';
/** A report written without a connection: kept on the device and sent when it returns. */
export const REPORTE_QUEUED = 'Sin conexión: se enviará cuando vuelva la conexión';
export const REPORTE_NOT_QUEUED =
  'Sin conexión: no se pudo guardar el reporte en este dispositivo. Reintente cuando vuelva la conexión.';
export const REPORTE_NOT_FOUND = 'El reporte no existe';
export const GEOLOCATION_DENIED =
  'No pudimos conocer su ubicación. Revise el permiso del navegador para este sitio.';
export const GEOLOCATION_UNAVAILABLE = 'Su navegador no puede informar la ubicación.';
export const MAP_FAILED = 'No se pudo cargar el mapa. La lista de profesionales sigue disponible.';
