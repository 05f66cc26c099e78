/** Messages of the roles and the permissions they grant. */

export const ROLE_NAME_REQUIRED = 'El nombre del rol es requerido';
export const ROLE_NAME_INVALID = 'Use letras, números, espacios, guiones o guiones bajos';
export const ROLE_NAME_TAKEN = 'Ya existe un rol con ese nombre';
export const ROLE_NOT_FOUND = 'El rol no existe';
export const ROLE_PERMISSION_UNKNOWN = 'Alguno de los permisos indicados no existe';
export const ROLE_ADMIN_FIXED = 'El rol ADMINISTRADOR tiene siempre todos los permisos y no se modifica.';
export const ROLE_DEFAULT_NAME = 'Los roles predeterminados conservan su nombre.';
export const ROLE_CREATED = 'Rol creado';
export const ROLE_SAVED = 'Rol guardado';
