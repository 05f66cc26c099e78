/** Messages of staff accounts, invitations and roles. */

export const STATUS_LABELS = {
  pending: 'Pendiente',
  invited: 'Invitado',
  active: 'Activo',
  inactive: 'Desactivado',
} as const;

export const NOMBRE_REQUIRED = 'El nombre es requerido';
export const ROLES_REQUIRED = 'Elija al menos un rol';
export const INVITED = (email: string) => `Se envió la invitación a ${email}`;
export const INVITATION_RESENT = (email: string) => `Se envió una nueva invitación a ${email}`;
export const INVITATION_INVALID =
  'El enlace de invitación no es válido o ya venció. Pida al administrador que le envíe otro.';
export const INVITATION_ACCEPTED = 'Listo: ya puede iniciar sesión con su email y la contraseña que eligió.';
export const INVITATION_ACCEPTED_SECOND_FACTOR =
  'Contraseña guardada. La red exige la verificación en dos pasos para su rol: configúrela ahora para entrar.';
export const NOT_INVITED = 'Esta cuenta no tiene una invitación pendiente';
export const ROLES_UPDATED = 'Roles actualizados';
export const TARGET_ABOVE_CALLER =
  'No puede modificar esta cuenta: tiene permisos que usted no tiene. Pídaselo a un administrador.';
export const OTHERS_PASSWORD =
  'Nadie define la contraseña de otra persona: con "Enviar enlace" su dueño recibe un enlace para elegir una nueva.';
export const EMAIL_UNCONFIRMED =
  'La nueva dirección de email de esta cuenta todavía no fue confirmada: su dueño debe abrir el enlace que le enviamos.';
export const EMAIL_CONFIRMED = 'Su nueva dirección de email quedó confirmada.';
export const EMAIL_TOKEN_INVALID =
  'El enlace de confirmación no es válido o ya venció. Pida uno nuevo con "¿Olvidó su contraseña?" en el inicio de sesión.';
export const OWN_ROLES = 'No puede cambiar sus propios roles: pídaselo a otro administrador.';
export const OWN_STATUS = 'No puede desactivar su propia cuenta.';
export const LAST_ADMIN =
  'Debe quedar al menos un ADMINISTRADOR activo: asigne el rol a otra persona antes de quitárselo a esta cuenta o desactivarla.';
export const DEACTIVATED = (email: string) => `Se desactivó la cuenta de ${email}; sus sesiones se cerraron.`;
export const REACTIVATED = (email: string) => `Se reactivó la cuenta de ${email}`;
export const STATUS_UNCHANGEABLE =
  'Solo se puede desactivar una cuenta activa y reactivar una desactivada (las solicitudes se resuelven en Solicitudes).';
export const RECOVERY_SENT = (email: string) =>
  `Se envió un enlace para definir una contraseña nueva a ${email}`;
export const RECOVERY_QUOTA =
  'Esta cuenta ya recibió varios enlaces de recuperación en la última hora. Intente más tarde.';
export const RECOVERY_NOT_ACTIVE = 'Solo una cuenta activa puede recibir un enlace de recuperación.';
export const USER_NOT_FOUND = 'El usuario no existe';
