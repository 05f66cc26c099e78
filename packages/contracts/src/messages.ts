/**
 * Every Spanish text that the API sends or the screens show as a message:
 * errors, confirmations and hints. The product specification's texts are
 * quoted letter for letter. Generic messages sit at the top level; each
 * feature's own are grouped under its name. Nothing else in the repository
 * writes a user-facing message inline.
 */
export const MESSAGES = {
  // generic
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
  STORAGE_UNAVAILABLE:
    'El almacenamiento de archivos no está disponible en este momento. Intente nuevamente en unos minutos',
  RATE_LIMITED: 'Demasiados intentos. Intente nuevamente en unos minutos.',
  NOT_MULTIPART: 'Envíe el formulario como multipart/form-data',
  FILE_TOO_LARGE: (mb: number) => `El archivo supera el tamaño máximo de ${mb} MB`,

  // sign-in and accounts
  LOGIN_FAILED: 'Usuario o contraseña incorrectos',
  LOGIN_PENDING: 'Su solicitud de registro aún no fue aprobada',
  LOGIN_NO_ACCESS: 'Su usuario no tiene acceso al sistema',
  EMAIL_TAKEN: 'El email ya está registrado',
  USER_NOT_FOUND: 'El usuario no existe',
  REQUEST_NOT_PENDING: 'La solicitud ya no está pendiente',
  RECOVER_UNKNOWN_EMAIL: 'El email no está registrado a un usuario',
  RECOVER_MAIL_SENT: 'Le enviamos un email con el enlace para recuperar su contraseña',
  RESTORE_SUCCESS: 'Recuperación de contraseña exitosa!',
  RESTORE_FAILED: 'Ha ocurrido un error al intentar recuperar la contraseña',
  RESTORE_TOKEN_INVALID: 'El enlace de recuperación no es válido o ya fue utilizado',
  PASSWORD_CHANGE_FAILED: 'Ocurrió un error al actualizar la contraseña',
  CANNOT_CHANGE_OWN_ROLES: 'No puede cambiar sus propios roles',
  UNKNOWN_ROLE: 'Alguno de los roles indicados no existe',
  AFFILIATE_LOGIN_FAILED: 'El DNI ingresado no se encuentra en nuestra base de datos.',

  // field validation
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
  TOO_MANY_ITEMS: 'Demasiados elementos',
  DOCUMENT_REQUIRED: 'El número de documento es obligatorio',

  afiliados: {
    NOMBRE_REQUIRED: 'El nombre es obligatorio',
    TIPO_REQUIRED: 'El tipo de documento es obligatorio',
    TIPO_INVALID: 'El tipo de documento no es válido',
    DOCUMENTO_REQUIRED: 'El número de documento es obligatorio',
    DOCUMENTO_INVALID: 'El número de documento no es válido',
    DOCUMENTO_DIGITS: 'El documento debe tener entre 6 y 9 dígitos',
    OBRA_SOCIAL_REQUIRED: 'La obra social es obligatoria',
    OBRA_SOCIAL_UNKNOWN: 'La obra social seleccionada no existe',
    FECHA_INVALID: 'La fecha de nacimiento no es válida',
    EMAIL_INVALID: 'Email inválido',
    EMAIL_HINT: 'Ingrese su e-mail para recibir notificaciones y novedades!',
    DUPLICATE: 'Ya existe un afiliado con ese documento',
    NOT_FOUND: 'El afiliado no existe',
    CREATED: 'Afiliado cargado correctamente.',
    UPDATED: '¡Datos actualizados exitosamente!',
    UPDATE_FAILED: 'Ocurrió un error al actualizar los datos.',
    PROFILE_LOAD_FAILED: 'Error al cargar los datos del perfil.',
    SEARCH_PROMPT: 'Ingrese un DNI realizar la búsqueda.',
    EMAIL_TOKEN_INVALID: 'El enlace de confirmación no es válido o ya venció',
    EMAIL_CONFIRMED: 'Su email fue confirmado. Desde ahora recibirá allí las novedades del portal.',
  },

  csv: {
    SELECT_BOTH: 'Por favor, selecciona una obra social y un archivo CSV.',
    UPLOAD_FAILED: 'Error al subir el archivo',
    /** `count` as the screen writes numbers ('1.002'). */
    LOADED: (count: string) => `Se han cargado ${count} afiliados`,
    FILE_REQUIRED: 'El archivo CSV es obligatorio',
    NOT_TEXT: 'El archivo no es un CSV de texto (UTF-8 o Windows-1252)',
    EMPTY: 'El archivo está vacío',
    HEADER_ONLY: 'El archivo solo tiene la fila de encabezados: no hay afiliados para cargar',
    NO_DOCUMENTO_COLUMN:
      'El archivo no tiene una columna de documento (por ejemplo "documento", "dni" o "número de documento")',
    NO_NOMBRE_COLUMN: 'El archivo no tiene una columna de nombre (por ejemplo "nombre" o "nombre completo")',
    ROW_NO_DOCUMENTO: 'Falta el número de documento',
    ROW_NO_NOMBRE: 'Falta el nombre',
    ROW_BAD_DATE: (raw: string) => `Fecha de nacimiento inválida: "${raw}" (use dd/mm/aaaa o aaaa-mm-dd)`,
    ROW_BAD_TIPO: (raw: string) =>
      `Tipo de documento desconocido: "${raw}" (use DNI, Pasaporte, LE, LC o CI)`,
    ROW_BAD_DIGITS: (tipo: string) => `El ${tipo} debe tener entre 6 y 9 dígitos`,
    ROW_BAD_DOCUMENTO: 'El número de documento no es válido',
    ROW_DUPLICATE: (firstLine: number) =>
      `Documento repetido en el archivo (ya figura en la línea ${firstLine})`,
    ROW_BAD_EMAIL: 'Email inválido',
    ROW_TOO_LONG: 'Algún campo es demasiado largo',
    ROW_BAD_CSV: 'La línea no tiene un formato CSV válido (revise las comillas)',
  },

  obrasSociales: {
    NOMBRE_REQUIRED: 'El nombre es obligatorio',
    EMAIL_INVALID: 'Email inválido',
    TELEFONO_TOO_LONG: 'El teléfono es demasiado largo',
    DUPLICATE: 'Ya existe una obra social con ese nombre',
    NOT_FOUND: 'La obra social no existe',
    CREATE_FAILED: 'Error: No se pudo agregar la obra social',
    SUBMIT_FAILED: 'Error al enviar el formulario. Por favor, intenta de nuevo.',
    DELETED: (n: number) => `Se eliminaron ${n} Obra(s) Social(es)`,
    DELETE_FAILED: 'Hubo un error al eliminar las obras sociales',
    DELETE_CONFIRM: 'Esta acción no se puede deshacer.',
  },

  schedule: {
    ORDER: 'La hora de inicio debe ser menor a la hora de fin',
    OVERLAP: 'Los horarios de un mismo día no pueden superponerse',
    TIME_FORMAT: 'La hora debe tener el formato HH:MM',
  },
} as const;
