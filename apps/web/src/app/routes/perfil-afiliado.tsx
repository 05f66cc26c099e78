import { PerfilAfiliado } from '@/features/afiliados/components/perfil-afiliado.tsx';

export function Component() {
  return <PerfilAfiliado />;
}
