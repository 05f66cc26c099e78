import { Tablero } from '@/features/tablero/components/tablero.tsx';

export function Component() {
  return <Tablero />;
}
