import { AuditoriaList } from '@/features/auditoria/components/auditoria-list.tsx';

export function Component() {
  return <AuditoriaList />;
}
