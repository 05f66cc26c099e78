export type { CheckboxGroupProps, CheckboxOption } from './checkbox-group.tsx';
export { CheckboxGroup } from './checkbox-group.tsx';
