/** Messages of the affiliates: their records, profile and e-mail confirmation. */

export const NOMBRE_REQUIRED = 'El nombre es obligatorio';
export const TIPO_REQUIRED = 'El tipo de documento es obligatorio';
export const TIPO_INVALID = 'El tipo de documento no es válido';
export const DOCUMENTO_REQUIRED = 'El número de documento es obligatorio';
export const DOCUMENTO_INVALID = 'El número de documento no es válido';
export const DOCUMENTO_DIGITS = 'El documento debe tener entre 6 y 9 dígitos';
export const OBRA_SOCIAL_REQUIRED = 'La obra social es obligatoria';
export const OBRA_SOCIAL_UNKNOWN = 'La obra social seleccionada no existe';
export const PLAN_UNKNOWN = 'El plan elegido no existe';
export const PLAN_OTHER_OBRA_SOCIAL = 'El plan no es de la obra social del afiliado: elija uno de sus planes';
export const NUMERO_AFILIADO_INVALID = 'El número de afiliado tiene hasta 40 caracteres';
export const FECHA_ALTA_INVALID = 'Escriba una fecha de alta válida (dd/mm/aaaa)';
/** What the screens say of an affiliate with no plan, and what the rules will answer for one. */
export const SIN_PLAN = 'Sin plan asignado';
export const FECHA_INVALID = 'La fecha de nacimiento no es válida';
export const EMAIL_INVALID = 'Email inválido';
export const TELEFONO_INVALID = 'El teléfono debe ser un texto';
export const TELEFONO_TOO_LONG = 'El teléfono no puede tener más de 50 caracteres';
/** A type the edit does not offer: LE, LC or CI on a record that has another one. */
export const TIPO_NOT_EDITABLE = (tipos: readonly string[]) =>
  `Al editar, el tipo de documento puede ser ${tipos.slice(0, -1).join(', ')} o ${tipos.at(-1)}`;
export const EMAIL_HINT = 'Ingrese su e-mail para recibir notificaciones y novedades!';
export const DUPLICATE = 'Ya existe un afiliado con ese documento';
export const NOT_FOUND = 'El afiliado no existe';
export const ESTADO_INVALID = 'El estado debe ser "activos" o "baja"';
export const COVERAGE_CHECK_LIMIT =
  'Alcanzó el límite de 300 consultas de cobertura por hora. Intente nuevamente más tarde.';
export const DEACTIVATED = 'El afiliado fue dado de baja.';
export const REACTIVATED = 'El afiliado fue reactivado.';
export const ALREADY_INACTIVE = 'El afiliado ya estaba dado de baja';
export const ALREADY_ACTIVE = 'El afiliado ya estaba activo';
export const DEACTIVATE_FAILED = 'No se pudo dar de baja al afiliado.';
export const REACTIVATE_FAILED = 'No se pudo reactivar al afiliado.';
export const CREATED = 'Afiliado cargado correctamente.';
export const UPDATED = '¡Datos actualizados exitosamente!';
export const UPDATE_FAILED = 'Ocurrió un error al actualizar los datos.';
/** 'Editar' could not load the editing form (no connection, a new version deployed). */
export const EDIT_UNAVAILABLE = 'No se pudo abrir la edición. Revise su conexión e intente nuevamente.';
export const PROFILE_LOAD_FAILED = 'Error al cargar los datos del perfil.';
export const SEARCH_PROMPT = 'Ingrese un DNI realizar la búsqueda.';
/** /afiliados for who may load affiliates (AFILIADOS.CREATE) but not read them (AFILIADOS.GET). */
export const LOAD_ONLY = 'Con sus permisos puede cargar afiliados, pero no buscarlos en el padrón.';
export const EMAIL_TOKEN_INVALID = 'El enlace de confirmación no es válido o ya venció';
export const EMAIL_CONFIRMED = 'Su email fue confirmado. Desde ahora recibirá allí las novedades del portal.';
export const CONTACT_SHOWN_IN_PART = 'Por su seguridad, su email y su teléfono se muestran solo en parte.';
export const CONTACT_REPLACE_HINT =
  'Escriba un dato nuevo para reemplazarlo; si deja el campo vacío, se conserva el actual.';
export const BIRTHDATE_READ_ONLY = 'Para corregirla, comuníquese con la red.';
