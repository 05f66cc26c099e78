export { ImportModal, type ImportModalProps, type ImportPreview } from './import-modal.tsx';
