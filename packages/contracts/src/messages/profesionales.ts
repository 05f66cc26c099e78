/** Messages of the professionals, their profiles, zones and specialties. */

export const NOT_FOUND = 'El profesional no existe';
export const HAS_PRESTACIONES =
  'El profesional tiene prestaciones registradas: no se elimina, porque la historia de sus pacientes y sus liquidaciones las necesitan. Desactive su cuenta en Usuarios';
export const NOMBRE_REQUIRED = 'El nombre es requerido';
export const TELEFONO_REQUIRED = 'El teléfono es requerido';
export const FECHA_INVALID = 'La fecha no es válida';
export const AUSENCIA_ORDER = 'La fecha de regreso no puede ser anterior a la de inicio';
export const LAT_INVALID = 'La latitud no es válida';
export const LONG_INVALID = 'La longitud no es válida';
/** Coordinates sent without saying how they were placed (an address picked, or a pin put by hand). */
export const UBICACION_SIN_MARCAR =
  'Marque el consultorio en el mapa: elija una de las direcciones sugeridas o haga clic donde está.';
/** The map's fallback centre sent as the office's place. */
export const UBICACION_CENTRO_MAPA =
  'Ese punto es el centro del mapa, no el consultorio. Marque en el mapa dónde está el consultorio.';
/** Latitude without longitude, or how the pin was placed without the pin. */
export const UBICACION_INCOMPLETA =
  'La ubicación del consultorio está incompleta. Márquela de nuevo en el mapa.';
export const ESPECIALIDAD_UNKNOWN = 'Alguna de las especialidades indicadas no existe';
export const OBRA_SOCIAL_UNKNOWN = 'Alguna de las obras sociales indicadas no existe';
export const ZONA_UNKNOWN = 'La zona indicada no existe';
export const OWNER_CANNOT_CHANGE =
  'Las obras sociales, la zona y la verificación de la matrícula las modifica la red';
export const SAVED = '¡Datos guardados exitosamente!';
export const SAVE_FAILED = 'Error al guardar los cambios';
export const PROFILE_COMPLETED = 'Perfil completado correctamente, puede seguir tranquilo';
export const DELETE_CONFIRM = '¿Estás seguro de que quieres eliminar este profesional?';
export const NO_PROFILE = 'Su usuario no tiene un perfil profesional';
export const MATRICULA_MISSING = 'El profesional no cargó su matrícula';
export const JURISDICCION_INVALID = 'La jurisdicción no es válida';

export const REJECT_FAILED = 'Error al aceptar solicitud';
export const MOTIVO_TOO_LONG = 'El motivo es demasiado largo';

export const RECORDATORIO_NOT_ACTIVE = 'El profesional no está aprobado: no figura en la cartilla';
export const RECORDATORIO_RECIENTE = (enviado: string, proximo: string) =>
  `Ya se le envió un recordatorio el ${enviado}. Puede enviarse otro desde el ${proximo}.`;
export const RECORDATORIO_LINK_INVALID =
  'El enlace ya se usó o venció. Ingrese a Red Dental para revisar sus datos en Mi Perfil.';
export const RECORDATORIO_SENT = (nombre: string) => `Se envió el recordatorio a ${nombre}`;
export const DATOS_CONFIRMADOS = '¡Gracias! Sus datos quedaron confirmados en la cartilla.';
