export type { ModalProps } from './modal.tsx';
export { Modal } from './modal.tsx';
