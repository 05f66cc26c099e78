export type { ComboboxProps } from './combobox.tsx';
export { Combobox } from './combobox.tsx';
