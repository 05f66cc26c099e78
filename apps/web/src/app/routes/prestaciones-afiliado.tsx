import { PrestacionesAfiliado } from '@/features/prestaciones/components/prestaciones-afiliado.tsx';

export function Component() {
  return <PrestacionesAfiliado />;
}
