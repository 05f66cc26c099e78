export type { ButtonProps, ButtonSize, ButtonVariant } from './button.tsx';
export { Button, buttonClasses } from './button.tsx';
