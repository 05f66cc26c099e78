/** Messages of two-factor sign-in. */

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
