/** Messages every part of the product shares: requests, sign-in and accounts, fields. */

// generic
export const UNEXPECTED = 'Ocurrió un error inesperado, por favor intente nuevamente';
export const VALIDATION = 'Los datos enviados no son válidos';
export const MALFORMED_JSON = 'El cuerpo de la solicitud no es un JSON válido';
export const UNSUPPORTED_MEDIA = 'Tipo de contenido no admitido';
export const BODY_TOO_LARGE = 'La solicitud es demasiado grande';
export const NOT_FOUND_ROUTE = 'Recurso no encontrado';
export const UNAUTHENTICATED = 'Debe iniciar sesión para continuar';
export const SESSION_EXPIRED = 'Su sesión expiró o no es válida. Inicie sesión nuevamente';
export const FORBIDDEN = 'No tiene permiso para realizar esta acción';
export const AFFILIATE_ONLY = 'Esta sección es exclusiva del portal de afiliados';
export const DATABASE_DOWN =
  'El servicio no está disponible en este momento. Intente nuevamente en unos minutos';
export const STORAGE_UNAVAILABLE =
  'El almacenamiento de archivos no está disponible en este momento. Intente nuevamente en unos minutos';
export const RATE_LIMITED = 'Demasiados intentos. Intente nuevamente en unos minutos.';
export const NOT_MULTIPART = 'Envíe el formulario como multipart/form-data';
export const MULTIPART_INVALID = 'El formulario enviado está incompleto o dañado';
export const URL_INVALID = 'La dirección solicitada no es válida';
export const URL_TOO_LONG = 'La dirección solicitada es demasiado larga';
export const HEADERS_TOO_LARGE = 'Los encabezados de la solicitud son demasiado grandes';
export const REQUEST_TIMEOUT = 'La solicitud tardó demasiado en llegar';
export const FILE_TOO_LARGE = (mb: number) => `El archivo supera el tamaño máximo de ${mb} MB`;

// sign-in and accounts
export const LOGIN_FAILED = 'Usuario o contraseña incorrectos';
export const LOGIN_PENDING = 'Su solicitud de registro aún no fue aprobada';
export const LOGIN_EMAIL_UNCONFIRMED =
  'Todavía no confirmó su email. Abra el enlace que le enviamos o pida uno nuevo con "Reenviar email de confirmación".';
export const REQUEST_EMAIL_UNCONFIRMED =
  'El profesional todavía no confirmó su email. La solicitud podrá aceptarse cuando abra el enlace que le enviamos.';
export const REGISTRO_EMAIL_CONFIRMED =
  'Su email quedó confirmado. Un administrador revisará su solicitud y le avisaremos por email cuando sea aprobada.';
export const REGISTRO_TOKEN_INVALID =
  'El enlace de confirmación no es válido o ya venció. Puede pedir uno nuevo desde la pantalla de inicio de sesión.';
export const REGISTRO_CONFIRMATION_SENT =
  'Si hay una solicitud de registro sin confirmar con ese email, le enviamos un nuevo enlace de confirmación.';
export const LOGIN_NO_ACCESS = 'Su usuario no tiene acceso al sistema';
export const EMAIL_TAKEN = 'El email ya está registrado';
export const USER_NOT_FOUND = 'El usuario no existe';
export const REQUEST_NOT_PENDING = 'La solicitud ya no está pendiente';
export const RECOVER_UNKNOWN_EMAIL = 'El email no está registrado a un usuario';
export const RECOVER_MAIL_SENT = 'Le enviamos un email con el enlace para recuperar su contraseña';
export const RESTORE_SUCCESS = 'Recuperación de contraseña exitosa!';
export const RESTORE_FAILED = 'Ha ocurrido un error al intentar recuperar la contraseña';
export const RESTORE_TOKEN_INVALID = 'El enlace de recuperación no es válido o ya fue utilizado';
/** A mailed recovery or invitation link opened once spent or past its time, said before its form. */
export const LINK_SPENT = 'El enlace ya se usó o venció';
export const PASSWORD_CHANGE_FAILED = 'Ocurrió un error al actualizar la contraseña';
export const CURRENT_PASSWORD_REQUIRED = 'La contraseña actual es requerida';
export const CURRENT_PASSWORD_WRONG = 'La contraseña actual no es correcta';
export const PASSWORD_CHANGED = 'Contraseña actualizada correctamente';
export const CANNOT_CHANGE_OWN_ROLES = 'No puede cambiar sus propios roles';
export const UNKNOWN_ROLE = 'Alguno de los roles indicados no existe';
export const AFFILIATE_LOGIN_FAILED = 'El DNI ingresado no se encuentra en nuestra base de datos.';
export const AFFILIATE_INACTIVE =
  'Su afiliación a la red está dada de baja. Si cree que es un error, comuníquese con su obra social.';
export const AFFILIATE_BIRTHDATE_REQUIRED = 'Ingrese su fecha de nacimiento';

// field validation
export const NAME_REQUIRED = 'El nombre es requerido';
export const NAME_MIN = 'El nombre debe tener al menos 3 caracteres';
export const EMAIL_REQUIRED = 'El email es requerido';
export const EMAIL_INVALID = 'El email no es válido';
export const PHONE_INVALID =
  'El teléfono no es válido: use solo números, espacios, guiones o paréntesis (por ejemplo, 011 4321-5678)';
export const PASSWORD_REQUIRED = 'La contraseña es requerida';
export const PASSWORD_MIN = 'La contraseña debe tener al menos 8 caracteres';
export const PASSWORD_COMMON = 'Esa contraseña es demasiado común. Elija otra más difícil de adivinar.';
export const PASSWORD_MISMATCH = 'Las contraseñas no coinciden';
export const RAZON_SOCIAL_REQUIRED = 'La razón social es requerida';
export const FORM_HAS_ERRORS = 'Por favor, corrija los errores en el formulario antes de continuar.';
export const FIELD_TOO_LONG = 'El texto es demasiado largo';
export const TEXT_INVALID = 'El texto contiene caracteres no válidos';
export const TOO_MANY_ITEMS = 'Demasiados elementos';
export const DOCUMENT_REQUIRED = 'El número de documento es obligatorio';

/** A list's export (affiliates, professionals, insurers, a notification's recipients) that did not arrive whole. */
export const EXPORT_FAILED = 'No se pudo exportar la lista. Intente nuevamente.';
/** The grant rule's refusal, for a role's permissions and an account's roles alike. */
export const GRANT_BEYOND_OWN = 'Solo puede dar permisos que usted también tiene.';
export const EXPORT_FORMAT_INVALID = 'El formato debe ser csv o xlsx.';
export const EXPORT_SEPARATOR_INVALID = 'El separador debe ser , o ;.';
