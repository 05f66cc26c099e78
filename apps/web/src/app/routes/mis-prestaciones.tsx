import { MisPrestacionesPanel } from '@/features/prestaciones/components/mis-prestaciones-panel.tsx';
import listPage from '@/styles/list-page.module.css';

/** `/mis-prestaciones`: the dentist's own lines, month by month. */
export function Component() {
  return (
    <div className={listPage.page}>
      <MisPrestacionesPanel />
    </div>
  );
}
