export * from './afiliados.ts';
export * from './convenios.ts';
export * from './nomenclador.ts';
export * from './notificaciones.ts';
export * from './obras-sociales.ts';
export * from './profesionales.ts';
export * from './system.ts';
export * from './users.ts';
