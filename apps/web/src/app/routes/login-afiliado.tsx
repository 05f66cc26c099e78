import { AfiliadoLoginForm } from '@/features/afiliados/components/afiliado-login-form.tsx';

export function Component() {
  return <AfiliadoLoginForm />;
}
