/** Messages of signing in, recovering and changing a password, two-factor sign-in, and one's own sessions. */

export const CODE_REQUIRED = 'Ingrese el código de 6 dígitos de su aplicación';
export const CODE_INVALID = 'El código tiene 6 dígitos (o es un código de recuperación como AB3CD-EF4GH)';
export const CODE_WRONG =
  'El código no es correcto o ya fue usado. Espere el siguiente e inténtelo de nuevo.';
export const CHALLENGE_EXPIRED =
  'La verificación venció (pasaron más de 5 minutos o cambió la cuenta): ingrese su email y contraseña otra vez.';
export const NOT_SET_UP = 'Primero genere el código QR y escanéelo con su aplicación.';
export const ALREADY_ON = 'La verificación en dos pasos ya está activada.';
export const NOT_ON = 'La verificación en dos pasos no está activada.';
export const DISABLED = 'Verificación en dos pasos desactivada';
export const SETUP_REQUIRED = 'Debe configurar la verificación en dos pasos';
export const CODES_LOCKED =
  'Hubo demasiados códigos incorrectos para esta cuenta. Espere unos minutos e ingrese su email y contraseña otra vez.';
export const REQUIRED_CANNOT_DISABLE =
  'La red exige la verificación en dos pasos para su rol: no se puede desactivar.';
export const CODES_COPIED = 'Códigos copiados. Péguelos en un lugar seguro.';
export const CODES_COPY_FAILED =
  'No se pudieron copiar los códigos. Descárguelos o selecciónelos y cópielos a mano.';
export const EMAIL_UNCONFIRMED_RECOVERY =
  'Esta dirección de email todavía no fue confirmada. Le enviamos un enlace para confirmarla; después podrá recuperar su contraseña.';
export const LOGIN_INVITED =
  'Su cuenta todavía no está activa: ábrala con el enlace de la invitación que recibió por email.';
export const LOGIN_INACTIVE = 'Su cuenta está desactivada. Comuníquese con un administrador de la red.';
export const NOMBRE_SAVED = 'Se guardó su nombre';
export const NOMBRE_OF_PROFESSIONAL = 'Su nombre es el de su perfil de profesional: cámbielo en Mi Perfil.';
export const SESSION_NOT_FOUND = 'La sesión ya estaba cerrada';
export const SESSION_CLOSED = 'Sesión cerrada';
export const OTHER_SESSIONS_CLOSED = (n: number) =>
  n === 1 ? 'Se cerró 1 sesión en otro dispositivo' : `Se cerraron ${n} sesiones en otros dispositivos`;
export const UNKNOWN_DEVICE = 'Dispositivo desconocido';
