/** Messages of the affiliate's token: the phone that shows it, its activation and its check at the chair. */

export const SIN_EMAIL =
  'No tiene un email confirmado: confirme uno en su perfil o pida un código de activación impreso en su obra social';
export const EMAIL_RECIENTE = (desde: string) =>
  `Su email se confirmó hace poco: podrá activar el token por correo desde el ${desde}, o antes con un código de activación impreso`;
export const ENLACE_ENVIADO = (email: string) =>
  `Le enviamos un enlace a ${email}. Ábralo en este teléfono para activar el token`;
export const CODIGO_REQUIRED = 'Escriba el código de activación impreso';
export const ACTIVACION_INVALIDA =
  'El enlace o el código de activación no es válido, ya se usó o venció: pida uno nuevo';
export const ACTIVADO = 'Token activado en este teléfono';
export const REVOCADO = 'Token desactivado';
export const SIN_DISPOSITIVO = 'El afiliado no tiene el token activo en ningún teléfono';
export const CODIGO_IMPRESO = 'Código de activación generado: entrégueselo impreso al afiliado';
export const DOCUMENTO_REQUIRED = 'Falta el documento';
export const TOKEN_INVALID = 'El token tiene 6 números';
export const TOKEN_INCORRECTO = 'El token no coincide: pídale al afiliado el que muestra ahora su teléfono';
export const TOKEN_USADO = 'Ese token ya se usó: pídale al afiliado el siguiente';
export const TOKEN_SIN_DISPOSITIVO =
  'El afiliado no activó el token en su teléfono: valide sin token o pídale que lo active en el portal';
export const TOKEN_DEMASIADOS =
  'Demasiados tokens incorrectos para este afiliado: espere antes de volver a intentarlo';
export const NO_AFILIADO = 'Solo el afiliado activa su token';
