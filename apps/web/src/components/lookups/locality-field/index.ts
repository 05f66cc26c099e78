export type { Localidad } from './localidades.ts';
export { localidadLabel } from './localidades.ts';
export type { LocalityFieldProps } from './locality-field.tsx';
export { LocalityField } from './locality-field.tsx';
