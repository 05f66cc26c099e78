export type { SelectOption, SelectProps } from './select.tsx';
export { Select } from './select.tsx';
