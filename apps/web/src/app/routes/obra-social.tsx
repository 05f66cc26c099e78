import { ObrasSocialesList } from '@/features/obras-sociales/components/obras-sociales-list.tsx';

export function Component() {
  return <ObrasSocialesList />;
}
