import { Badge } from '@/components/ui/badge/index.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { useMisReportes } from '../api/mis-reportes.ts';
import styles from './mis-reportes.module.css';

/**
 * 'Tus reportes': what the affiliate told the network was wrong, and where
 * each stands ('En revisión', or 'Revisado' with what the network found or
 * did). Shown under the directory only when there is one; asked for once
 * the directory is drawn, and not while offline.
 */
export function MisReportes({ enabled }: { enabled: boolean }) {
  const reportes = useMisReportes(enabled);
  if (!reportes.data || reportes.data.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="mis-reportes-heading">
      <h2 id="mis-reportes-heading" className={styles.heading}>
        Tus reportes
      </h2>
      <ul className={styles.list}>
        {reportes.data.map((r) => (
          <li key={r.id} className={styles.item}>
            <p className={styles.title}>
              <strong>{r.profesional.nombre}</strong>
              {r.estado === 'abierto' ? (
                <Badge tone="warning">En revisión</Badge>
              ) : (
                <Badge tone="success">Revisado</Badge>
              )}
            </p>
            <p>{r.motivo}</p>
            <p className={styles.meta}>
              Enviado el {formatMomentDate(r.createdAt)}
              {r.estado === 'cerrado' && ` · Revisado el ${formatMomentDate(r.cerradoAt)}`}
            </p>
            {r.estado === 'cerrado' && r.nota && <p className={styles.nota}>La red respondió: {r.nota}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
