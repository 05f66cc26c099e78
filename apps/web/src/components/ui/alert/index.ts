export type { AlertProps, AlertVariant } from './alert.tsx';
export { Alert } from './alert.tsx';
