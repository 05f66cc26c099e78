/** Messages of the specialties staff keep. */

export const ESPECIALIDAD_CREATED = 'Especialidad creada';
export const ESPECIALIDAD_RENAMED = 'Especialidad actualizada';
export const ESPECIALIDAD_DELETED = 'Especialidad eliminada';
export const ESPECIALIDAD_IN_USE = (profesionales: number) =>
  profesionales === 1
    ? 'No se puede eliminar: 1 profesional la tiene en su perfil. Quítela de ese perfil antes, o cámbiele el nombre.'
    : `No se puede eliminar: ${profesionales.toLocaleString('es-AR')} profesionales la tienen en su perfil. Quítela de esos perfiles antes, o cámbiele el nombre.`;
export const GUARDIAS_FIXED =
  'GUARDIAS no se puede renombrar ni eliminar: con ella los profesionales cargan sus horarios de guardia.';
export const ESPECIALIDAD_TAKEN = 'Ya existe una especialidad con ese nombre';
export const ESPECIALIDAD_NOT_FOUND = 'La especialidad no existe';
