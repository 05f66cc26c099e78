/** Messages of the notifications: sending, lists, read state, file links. */

// the create-notification screen's alerts
export const TITLE_REQUIRED = 'Por favor, ingrese un título';
export const PDF_REQUIRED = 'Por favor, seleccione un archivo PDF';
export const CATEGORY_REQUIRED = 'Por favor, seleccione una categoría';
export const RECIPIENT_REQUIRED = 'Por favor, seleccione un destinatario';

// the spec's delete messages
export const DELETED = 'Se eliminaron correctamente las notificaciones';
export const DELETE_FAILED = 'Hubo un error al eliminar las notificaciones';

export const TITLE_TOO_LONG = 'El título puede tener hasta 200 caracteres';
export const PDF_INVALID = 'El archivo no es un PDF válido';
export const NO_RECIPIENTS = 'Ningún destinatario cumple con lo elegido. Revise los filtros.';
export const UNKNOWN_FILTER = 'Alguno de los elementos elegidos ya no existe';
export const FILTERS_NOT_FOR_AFILIADOS =
  'Zonas, especialidades y profesionales solo se eligen al enviar a profesionales';
export const CATEGORY_NOT_FOR_PROFESIONALES =
  'La categoría Afiliados es solo para notificaciones a afiliados';
export const SEND_FAILED = 'No se pudo enviar la notificación';
export const NOT_FOUND = 'La notificación no existe';
export const LINK_INVALID =
  'El enlace del archivo no es válido o venció. Vuelva a la lista de notificaciones y ábralo de nuevo.';
export const FILE_MISSING = 'El archivo de esta notificación ya no está disponible';
/** The affiliate's banner when there is nothing in the list (spec: ask for an e-mail in the profile). */
export const AFILIADO_EMPTY_BANNER =
  'Todavía no tiene notificaciones. Ingrese su email en Mi Perfil para recibir notificaciones y novedades.';
