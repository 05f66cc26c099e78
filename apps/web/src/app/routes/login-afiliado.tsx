import { AfiliadoLoginForm } from '@/features/auth/components/afiliado-login-form.tsx';

export function Component() {
  return <AfiliadoLoginForm />;
}
