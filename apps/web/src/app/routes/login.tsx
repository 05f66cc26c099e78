import { lazy } from 'react';
import { LoginForm } from '@/features/acceso/components/login-form.tsx';

// The registration's dialogs load when first opened, so the sign-in page itself stays small.
const RegistroNoticeModal = lazy(() =>
  import('@/features/registro/components/registro-notice-modal.tsx').then((module) => ({
    default: module.RegistroNoticeModal,
  })),
);
const ResendConfirmationModal = lazy(() =>
  import('@/features/registro/components/resend-confirmation-modal.tsx').then((module) => ({
    default: module.ResendConfirmationModal,
  })),
);

export function Component() {
  return (
    <LoginForm
      renderRegistroNotice={(props) => <RegistroNoticeModal {...props} />}
      renderResendConfirmation={(props) => <ResendConfirmationModal {...props} />}
    />
  );
}
