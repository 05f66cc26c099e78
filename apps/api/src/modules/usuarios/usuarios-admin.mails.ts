import { composeMail } from '../../plugins/mail/mail.layout.ts';

/**
 * The link a staff member is invited with; they choose their own password on
 * it. It says who invites: by name and address, or by the address alone from
 * an account that has no name yet.
 */
export function invitationMail(
  to: string,
  nombre: string,
  invitedBy: { nombre: string | null; email: string },
  link: string,
) {
  return composeMail({
    template: 'invitacion-personal',
    carriesSecret: true,
    to,
    subject: 'Red Dental: lo invitaron al sistema de gestión',
    paragraphs: [
      `Hola ${nombre}:`,
      invitedBy.nombre
        ? `${invitedBy.nombre} (${invitedBy.email}) lo invitó a usar el sistema de gestión de Red Dental.`
        : `Lo invitaron a usar el sistema de gestión de Red Dental desde la cuenta ${invitedBy.email}.`,
      'Para activar su cuenta, abra el enlace y elija su contraseña. El enlace vale por 72 horas y se puede usar una sola vez; si vence, pida otro al administrador.',
    ],
    action: { label: 'Activar mi cuenta', url: link },
  });
}

/** Tells an account's owner which roles it has now, and who changed them. */
export function rolesChangedMail(to: string, roles: string[], loginUrl: string) {
  return composeMail({
    template: 'aviso-cambio-roles',
    carriesSecret: false,
    to,
    subject: 'Red Dental: cambiaron los roles de su cuenta',
    paragraphs: [
      `Los roles de su cuenta de Red Dental ahora son: ${roles.join(', ')}.`,
      'Lo que puede ver y hacer en el sistema cambia desde su próxima acción. Si no esperaba este cambio, avise a un administrador de la red.',
    ],
    action: { label: 'Ir al sistema', url: loginUrl },
  });
}

/** Tells an account's owner that the account was deactivated or reactivated. */
export function statusChangedMail(to: string, activo: boolean, loginUrl: string) {
  return composeMail({
    template: activo ? 'aviso-cuenta-reactivada' : 'aviso-cuenta-desactivada',
    carriesSecret: false,
    to,
    subject: activo ? 'Red Dental: su cuenta fue reactivada' : 'Red Dental: su cuenta fue desactivada',
    paragraphs: activo
      ? [
          'Su cuenta de Red Dental fue reactivada: ya puede volver a iniciar sesión con su email y contraseña.',
        ]
      : [
          'Su cuenta de Red Dental fue desactivada por un administrador de la red y sus sesiones abiertas se cerraron.',
          'Si cree que es un error, comuníquese con la red.',
        ],
    ...(activo ? { action: { label: 'Iniciar sesión', url: loginUrl } } : {}),
  });
}
