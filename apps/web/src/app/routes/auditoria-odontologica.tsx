import { PERMISSIONS } from '@red-dental/contracts';
import { Link, useSearchParams } from 'react-router';
import { MesaAuditoria } from '@/features/autorizaciones/components/mesa-auditoria.tsx';
import { MesaPrestaciones } from '@/features/cierre/components/mesa-prestaciones.tsx';
import { useObrasSocialesList } from '@/features/obras-sociales/api/get-obras-sociales-list.ts';
import { PATHS } from '@/lib/paths.ts';
import { useCan } from '@/lib/permissions.ts';
import styles from './auditoria-odontologica.module.css';

/**
 * `/auditoria-odontologica`: the dental auditor's workbench, for prior
 * authorizations and, with PRESTACIONES.AUDIT, the lines the closing
 * presented (`?ver=prestaciones`); the insurers for its filters, when the role reads them.
 */
export function Component() {
  const obrasSociales = useObrasSocialesList(useCan(PERMISSIONS.OBRA_SOCIALES_GET));
  const auditaLineas = useCan(PERMISSIONS.PRESTACIONES_AUDIT);
  const [params] = useSearchParams();
  const lineas = auditaLineas && params.get('ver') === 'prestaciones';
  return (
    <div className={styles.pantalla}>
      {auditaLineas && (
        <nav className={styles.vistas} aria-label="Qué se audita">
          <Link to={PATHS.auditoriaOdontologica} aria-current={!lineas ? 'page' : undefined}>
            Autorizaciones previas
          </Link>
          <Link
            to={`${PATHS.auditoriaOdontologica}?ver=prestaciones`}
            aria-current={lineas ? 'page' : undefined}
          >
            Prestaciones presentadas
          </Link>
        </nav>
      )}
      {lineas ? (
        <MesaPrestaciones obrasSociales={obrasSociales.data ?? []} />
      ) : (
        <MesaAuditoria obrasSociales={obrasSociales.data ?? []} />
      )}
    </div>
  );
}
