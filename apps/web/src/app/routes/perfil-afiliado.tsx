import { useAfiliadoProfile } from '@/features/afiliados/api/get-afiliado-profile.ts';
import { PerfilAfiliado } from '@/features/afiliados/components/perfil-afiliado.tsx';
import { DescargarMisDatos } from '@/features/mis-datos/components/descargar-mis-datos.tsx';
import { MisAccesos } from '@/features/mis-datos/components/mis-accesos.tsx';
import { PATHS } from '@/lib/paths.ts';
import styles from './perfil-afiliado.module.css';

/** `/perfil-afiliado`: the affiliate's data, who looked them up, and the download of all of it. */
export function Component() {
  const profile = useAfiliadoProfile();
  return (
    <div className={styles.page}>
      <PerfilAfiliado />
      {profile.data && (
        <>
          <MisAccesos parcial={profile.data.contactoOculto} />
          <DescargarMisDatos titular="afiliado" printPath={PATHS.misDatosAfiliado} />
        </>
      )}
    </div>
  );
}
