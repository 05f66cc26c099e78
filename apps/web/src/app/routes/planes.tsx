import { PERMISSIONS, type Plan } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { useGrupos } from '@/features/nomenclador/api/get-grupos.ts';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { PlanesPanel } from '@/features/planes/components/planes-panel.tsx';
import { ReglasPanel } from '@/features/planes/components/reglas-panel.tsx';
import { usePermissions } from '@/lib/permissions.ts';
import listPage from '@/styles/list-page.module.css';

/**
 * `/planes`: the insurers' plans and, for the one opened, its rules in words;
 * read by the whole back office, kept with NOMENCLADOR.MANAGE.
 */
export function Component() {
  const can = usePermissions();
  const canManage = can(PERMISSIONS.NOMENCLADOR_MANAGE);
  const obrasSociales = useObrasSocialesList(canManage);
  const grupos = useGrupos();
  const options = useMemo(
    () => (obrasSociales.data ?? []).map((o) => ({ value: String(o.id), label: o.nombre })),
    [obrasSociales.data],
  );
  const [shown, setShown] = useState<Plan | null>(null);
  return (
    <div className={listPage.page}>
      <PlanesPanel canManage={canManage} obrasSociales={options} onShow={setShown} />
      {shown && <ReglasPanel key={shown.id} plan={shown} grupos={grupos.data ?? []} canManage={canManage} />}
    </div>
  );
}
