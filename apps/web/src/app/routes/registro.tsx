import { RegistroForm } from '@/features/registro/components/registro-form.tsx';

export function Component() {
  return <RegistroForm />;
}
