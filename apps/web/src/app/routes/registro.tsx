import { RegistroForm } from '@/features/auth/components/registro-form.tsx';

export function Component() {
  return <RegistroForm />;
}
