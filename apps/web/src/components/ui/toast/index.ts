export type { ToastApi, ToastKind } from './toast.tsx';
export { TOAST_DURATION_MS, ToastProvider, useToast } from './toast.tsx';
