import { Button } from '@/components/ui/button/index.ts';
import { AlertIcon } from '@/components/ui/icons/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { useCloseReporte, useReportes } from '../api/reportes.ts';
import styles from './profile-form.module.css';

/**
 * The open reports affiliates sent about this listing ('Informar un error'
 * in the cartilla). Staff close each one once the data is checked or fixed.
 * Nothing shows while there are none.
 */
export function ReportesPanel({ profesionalId }: { profesionalId: number }) {
  const toast = useToast();
  const reportes = useReportes(profesionalId);
  const close = useCloseReporte(profesionalId);
  const open = reportes.data ?? [];
  if (open.length === 0) return null;
  return (
    <section className={styles.reportes} aria-labelledby="reportes-heading">
      <h3 id="reportes-heading" className={styles.reportesTitle}>
        <AlertIcon size={18} />
        {open.length === 1
          ? 'Un afiliado informó un error'
          : `Los afiliados informaron ${open.length} errores`}
      </h3>
      <ul className={styles.reporteList}>
        {open.map((r) => (
          <li key={r.id} className={styles.reporte}>
            <div>
              <p id={`reporte-${r.id}`}>{r.motivo}</p>
              <p className={styles.hint}>
                {formatMomentDate(r.createdAt)}
                {r.afiliado ? ` · ${r.afiliado.nombre} (${r.afiliado.documento})` : ''}
              </p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              isLoading={close.isPending && close.variables === r.id}
              aria-describedby={`reporte-${r.id}`}
              onClick={() =>
                close.mutate(r.id, {
                  onSuccess: () => toast.success('Reporte cerrado'),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              Cerrar reporte
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
