export * from './afiliados.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './messages.ts';
export * from './obras-sociales.ts';
export * from './permissions.ts';
export * from './schedule.ts';
