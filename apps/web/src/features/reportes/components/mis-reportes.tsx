import { MESSAGES } from '@red-dental/contracts';
import { Badge } from '@/components/ui/badge/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { useMisReportes } from '../api/mis-reportes.ts';
import { dropQueuedReport, useQueuedReports } from '../api/report-queue.ts';
import styles from './mis-reportes.module.css';

/**
 * 'Sus reportes': what the affiliate told the network was wrong, and where
 * each stands ('En revisión', or 'Revisado' with what the network found or
 * did). Reports written without a connection come first, 'Pendiente de
 * envío' until they are sent (offline too). Shown under the directory only
 * when there is one; the server's list is asked for once the directory is
 * drawn, and not while offline.
 */
export function MisReportes({ enabled }: { enabled: boolean }) {
  const reportes = useMisReportes(enabled);
  const queued = useQueuedReports();
  const sent = reportes.data ?? [];
  if (queued.length === 0 && sent.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="mis-reportes-heading">
      <h2 id="mis-reportes-heading" className={styles.heading}>
        Sus reportes
      </h2>
      <ul className={styles.list}>
        {queued.map((r) => (
          <li key={r.clientId} className={styles.item}>
            <p className={styles.title}>
              <strong>{r.profesional.nombre}</strong>
              {r.refused ? <Badge tone="error">No enviado</Badge> : <Badge>Pendiente de envío</Badge>}
            </p>
            <p>{r.motivo}</p>
            {r.refused ? (
              <div className={styles.refused}>
                <p>La red no lo recibió: {r.refused}</p>
                <Button variant="secondary" size="sm" onClick={() => void dropQueuedReport(r.clientId)}>
                  Quitar
                </Button>
              </div>
            ) : (
              <p className={styles.meta}>
                Escrito el {formatMomentDate(r.createdAt)} · {MESSAGES.reportes.REPORTE_QUEUED}
              </p>
            )}
          </li>
        ))}
        {sent.map((r) => (
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
