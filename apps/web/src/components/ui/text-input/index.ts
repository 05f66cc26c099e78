export type { PasswordInputProps, TextInputProps } from './text-input.tsx';
export { PasswordInput, TextInput } from './text-input.tsx';
