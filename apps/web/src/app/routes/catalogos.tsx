import { EspecialidadesPanel } from '@/features/especialidades/components/especialidades-panel.tsx';
import { ZonasPanel } from '@/features/zonas/components/zonas-panel.tsx';
import styles from './catalogos.module.css';

/** `/catalogos`: the specialties and zones professionals are described with, kept by staff. */
export function Component() {
  return (
    <div className={styles.page}>
      <EspecialidadesPanel />
      <ZonasPanel />
    </div>
  );
}
