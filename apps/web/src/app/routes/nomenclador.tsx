import { PERMISSIONS } from '@red-dental/contracts';
import { GruposPanel } from '@/features/nomenclador/components/grupos-panel.tsx';
import { NomencladorList } from '@/features/nomenclador/components/nomenclador-list.tsx';
import { usePermissions } from '@/lib/permissions.ts';
import listPage from '@/styles/list-page.module.css';

/** `/nomenclador`: the code table and its groups; read by the whole back office, kept with NOMENCLADOR.MANAGE. */
export function Component() {
  const can = usePermissions();
  const canManage = can(PERMISSIONS.NOMENCLADOR_MANAGE);
  return (
    <div className={listPage.page}>
      <NomencladorList canManage={canManage} />
      <GruposPanel canManage={canManage} />
    </div>
  );
}
