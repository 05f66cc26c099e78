/** Messages of office and on-call hours. */

export const ORDER = 'La hora de inicio debe ser menor a la hora de fin';
export const OVERLAP = 'Los horarios de un mismo día no pueden superponerse';
export const TIME_FORMAT = 'La hora debe tener el formato HH:MM';
