import { useDeferredValue } from 'react';
import { OfflineNotice } from '@/components/offline/offline-notice/index.ts';
import { useAfiliadoProfile } from '@/features/afiliados/api/get-afiliado-profile.ts';
import { PerfilAfiliado } from '@/features/afiliados/components/perfil-afiliado.tsx';
import { DescargarMisDatos } from '@/features/mis-datos/components/descargar-mis-datos.tsx';
import { MisAccesos } from '@/features/mis-datos/components/mis-accesos.tsx';
import { useKeptSince } from '@/lib/offline-status.ts';
import { PATHS } from '@/lib/paths.ts';
import styles from './perfil-afiliado.module.css';

const PROFILE_PATH = '/api/afiliados/profile';

/** `/perfil-afiliado`: the affiliate's data, who looked them up, and the download of all of it. */
export function Component() {
  // As the form above them does (PerfilAfiliado), the sections below appear with the drawn profile.
  const { data } = useAfiliadoProfile();
  const profile = useDeferredValue(data) && data;
  // Offline the kept profile shows; who looked it up and the download need the server.
  const isOffline = useKeptSince(PROFILE_PATH) !== null;
  return (
    <div className={styles.page}>
      <OfflineNotice path={PROFILE_PATH} what="datos" />
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
