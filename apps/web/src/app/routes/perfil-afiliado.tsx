import { useDeferredValue } from 'react';
import { OfflineNotice } from '@/components/offline/offline-notice/index.ts';
import { useAfiliadoProfile } from '@/features/afiliados/api/get-afiliado-profile.ts';
import { PerfilAfiliado } from '@/features/afiliados/components/perfil-afiliado.tsx';
import { DescargarMisDatos } from '@/features/mis-datos/components/descargar-mis-datos.tsx';
import { MisAccesos } from '@/features/mis-datos/components/mis-accesos.tsx';
import { PATHS } from '@/lib/paths.ts';
import styles from './perfil-afiliado.module.css';

/** `/perfil-afiliado`: the affiliate's data, who looked them up, and the download of all of it. */
export function Component() {
  // As the form above them does (PerfilAfiliado), the sections below appear with the drawn profile.
  const { data, keptSince } = useAfiliadoProfile();
  const profile = useDeferredValue(data) && data;
  // Offline the kept profile shows; who looked it up and the download need the server.
  const isOffline = keptSince !== null;
  return (
    <div className={styles.page}>
      <OfflineNotice savedAt={keptSince} what="datos" />
      <PerfilAfiliado />
      {profile && !isOffline && (
        <>
          <MisAccesos parcial={profile.contactoOculto} />
          <DescargarMisDatos titular="afiliado" printPath={PATHS.misDatosAfiliado} />
        </>
      )}
    </div>
  );
}
