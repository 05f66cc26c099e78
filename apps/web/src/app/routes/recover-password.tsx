import { RestorePasswordForm } from '@/features/acceso/components/restore-password-form.tsx';

export function Component() {
  return <RestorePasswordForm />;
}
