import { Cartilla } from '@/features/cartilla/components/cartilla.tsx';

export function Component() {
  return <Cartilla />;
}
