import { RolesList } from '@/features/roles/components/roles-list.tsx';

export function Component() {
  return <RolesList />;
}
