/**
 * Every user-facing Spanish text that both the API and the screens need.
 * Spec texts are quoted letter for letter.
 */
export const MESSAGES = {
  // generic (spec section 8)
  UNEXPECTED: 'Ocurrió un error inesperado, por favor intente nuevamente',
  VALIDATION: 'Los datos enviados no son válidos',
  MALFORMED_JSON: 'El cuerpo de la solicitud no es un JSON válido',
  UNSUPPORTED_MEDIA: 'Tipo de contenido no admitido',
  BODY_TOO_LARGE: 'La solicitud es demasiado grande',
  NOT_FOUND_ROUTE: 'Recurso no encontrado',
  UNAUTHENTICATED: 'Debe iniciar sesión para continuar',
  SESSION_EXPIRED: 'Su sesión expiró o no es válida. Inicie sesión nuevamente',
  FORBIDDEN: 'No tiene permiso para realizar esta acción',
  AFFILIATE_ONLY: 'Esta sección es exclusiva del portal de afiliados',
  DATABASE_DOWN: 'El servicio no está disponible en este momento. Intente nuevamente en unos minutos',
  RATE_LIMITED: 'Demasiados intentos. Intente nuevamente en unos minutos.',

  // sign-in and accounts (DESIGN section 3)
  LOGIN_FAILED: 'Usuario o contraseña incorrectos',
  LOGIN_PENDING: 'Su solicitud de registro aún no fue aprobada',
  LOGIN_NO_ACCESS: 'Su usuario no tiene acceso al sistema',
  EMAIL_TAKEN: 'El email ya está registrado',
  USER_NOT_FOUND: 'El usuario no existe',
  REQUEST_NOT_PENDING: 'La solicitud ya no está pendiente',
  RECOVER_UNKNOWN_EMAIL: 'El email no está registrado a un usuario',
  RESTORE_FAILED: 'Ha ocurrido un error al intentar recuperar la contraseña',
  RESTORE_TOKEN_INVALID: 'El enlace de recuperación no es válido o ya fue utilizado',
  PASSWORD_CHANGE_FAILED: 'Ocurrió un error al actualizar la contraseña',
  CANNOT_CHANGE_OWN_ROLES: 'No puede cambiar sus propios roles',
  UNKNOWN_ROLE: 'Alguno de los roles indicados no existe',
  AFFILIATE_LOGIN_FAILED: 'El DNI ingresado no se encuentra en nuestra base de datos.',

  // field validation (spec section 5)
  NAME_REQUIRED: 'El nombre es requerido',
  NAME_MIN: 'El nombre debe tener al menos 3 caracteres',
  EMAIL_REQUIRED: 'El email es requerido',
  EMAIL_INVALID: 'El email no es válido',
  PASSWORD_REQUIRED: 'La contraseña es requerida',
  PASSWORD_MIN: 'La contraseña debe tener al menos 8 caracteres',
  PASSWORD_MISMATCH: 'Las contraseñas no coinciden',
  RAZON_SOCIAL_REQUIRED: 'La razón social es requerida',
  FORM_HAS_ERRORS: 'Por favor, corrija los errores en el formulario antes de continuar.',
  FIELD_TOO_LONG: 'El texto es demasiado largo',
  FIELD_REQUIRED: 'Este campo es obligatorio',
  DOCUMENT_REQUIRED: 'El número de documento es obligatorio',
  DOCUMENT_INVALID: 'El número de documento no es válido',
  DOCUMENT_DIGITS: 'El documento debe tener entre 6 y 9 dígitos',
} as const;
