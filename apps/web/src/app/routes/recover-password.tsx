import { RestorePasswordForm } from '@/features/auth/components/restore-password-form.tsx';

export function Component() {
  return <RestorePasswordForm />;
}
