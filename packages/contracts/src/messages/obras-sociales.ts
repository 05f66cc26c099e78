/** Messages of the insurers (obras sociales). */

export const NOMBRE_REQUIRED = 'El nombre es obligatorio';
export const EMAIL_INVALID = 'Email inválido';
export const TELEFONO_TOO_LONG = 'El teléfono es demasiado largo';
export const DUPLICATE = 'Ya existe una obra social con ese nombre';
export const NOT_FOUND = 'La obra social no existe';
export const CREATE_FAILED = 'Error: No se pudo agregar la obra social';
export const UPDATE_FAILED = 'Error: No se pudieron guardar los cambios de la obra social';
export const UPDATED = (nombre: string) => `Se guardaron los cambios de ${nombre}`;
export const SUBMIT_FAILED = 'Error al enviar el formulario. Por favor, intenta de nuevo.';
export const DELETED = (n: number) => `Se eliminaron ${n} Obra(s) Social(es)`;
export const DELETE_FAILED = 'Hubo un error al eliminar las obras sociales';
export const DELETE_CONFIRM = 'Esta acción no se puede deshacer.';
export const HAS_CONVENIOS =
  'La obra social tiene convenios: sus aranceles y lo facturado con ellos se conservan, por eso no se puede eliminar';
export const HAS_PLANES =
  'La obra social tiene planes: elimine sus planes (sin afiliados) antes de eliminarla';
