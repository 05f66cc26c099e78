export { default as fieldStyles } from './field.module.css';
export { Field, type FieldIds, type FieldProps } from './field.tsx';
