import { type Convenio, PERMISSIONS } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { ArancelesPanel } from '@/features/convenios/components/aranceles-panel.tsx';
import { ConveniosPanel } from '@/features/convenios/components/convenios-panel.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { usePermissions } from '@/lib/permissions.ts';
import listPage from '@/styles/list-page.module.css';

/**
 * `/convenios`: the insurers' contracts and, for the one opened, its fees in
 * force on a day; read by the whole back office, kept with NOMENCLADOR.MANAGE.
 */
export function Component() {
  const can = usePermissions();
  const canManage = can(PERMISSIONS.NOMENCLADOR_MANAGE);
  const obrasSociales = useObrasSocialesList(canManage);
  const options = useMemo(
    () => (obrasSociales.data ?? []).map((o) => ({ value: String(o.id), label: o.nombre })),
    [obrasSociales.data],
  );
  const [shown, setShown] = useState<Convenio | null>(null);
  return (
    <div className={listPage.page}>
      <ConveniosPanel canManage={canManage} obrasSociales={options} onShow={setShown} />
      {shown && <ArancelesPanel key={shown.id} convenio={shown} canManage={canManage} />}
    </div>
  );
}
