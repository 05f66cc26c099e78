/** Messages of the zones staff keep. */

export const CREATED = 'Zona creada';
export const UPDATED = 'Zona actualizada';
export const NOT_FOUND = 'La zona no existe';
export const NUMERO_TAKEN = 'Ya existe una zona con ese número';
export const NOMBRE_REQUIRED = 'El nombre de la zona es requerido';
export const NUMERO_INVALID = 'El número de zona debe ser un entero positivo';
export const CREATE_FAILED = 'Error al crear la nueva zona';
