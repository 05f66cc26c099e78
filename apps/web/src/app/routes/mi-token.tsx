import { MiToken } from '@/features/token-afiliado/components/mi-token.tsx';

export function Component() {
  return <MiToken />;
}
