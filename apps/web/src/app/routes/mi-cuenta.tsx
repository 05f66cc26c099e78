import { NombrePanel } from '@/features/acceso/components/nombre-panel.tsx';
import { PasswordPanel } from '@/features/acceso/components/password-panel.tsx';
import { SegundoFactorPanel } from '@/features/acceso/components/segundo-factor-panel.tsx';
import { SesionesPanel } from '@/features/acceso/components/sesiones-panel.tsx';
import { DescargarMisDatos } from '@/features/mis-datos/components/descargar-mis-datos.tsx';
import { PATHS } from '@/lib/paths.ts';
import { useSignOut } from '../layouts/use-sign-out.ts';
import styles from './mi-cuenta.module.css';

/** `/mi-cuenta`: what every staff member and professional keeps of their own account. */
export function Component() {
  const signOut = useSignOut();
  return (
    <div className={styles.page}>
      <NombrePanel />
      <PasswordPanel />
      <SegundoFactorPanel />
      <SesionesPanel onSignOut={signOut} />
      <DescargarMisDatos titular="usuario" printPath={PATHS.misDatosUsuario} />
    </div>
  );
}
