export type { CheckboxProps } from './checkbox.tsx';
export { Checkbox } from './checkbox.tsx';
