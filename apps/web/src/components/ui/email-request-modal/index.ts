export { EmailRequestModal, type EmailRequestModalProps } from './email-request-modal.tsx';
