import type { ImportResult } from '@red-dental/contracts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import styles from './import-summary.module.css';

interface Stat {
  label: string;
  value: string;
  /** Shown in the error colour: lines refused, affiliates given de baja. */
  isError?: boolean;
}

/**
 * What an import did, or (dry run) would do: new, updated and unchanged
 * affiliates, those de baja it brings back and those it gives de baja, and
 * each rejected line with its reason so the file can be fixed.
 */
export function ImportSummary({ result }: { result: ImportResult }) {
  const unchanged = Math.max(result.count - result.created - result.updated, 0);
  const hidden = result.errorCount - result.errors.length;
  const afiliados = (n: number) => formatCount(n, 'afiliado', 'afiliados');
  const dry = result.dryRun;
  const stats: Stat[] = [
    dry
      ? { label: 'Se crearán', value: formatCount(result.created, 'afiliado nuevo', 'afiliados nuevos') }
      : { label: 'Nuevos', value: afiliados(result.created) },
    { label: dry ? 'Se actualizarán' : 'Actualizados', value: afiliados(result.updated) },
    { label: 'Sin cambios', value: afiliados(unchanged) },
    {
      label: 'Rechazadas',
      value: formatCount(result.errorCount, 'línea', 'líneas'),
      isError: result.errorCount > 0,
    },
  ];
  if (result.reactivated > 0)
    stats.push({ label: dry ? 'Se reactivarán' : 'Reactivados', value: afiliados(result.reactivated) });
  if (result.deactivated > 0)
    stats.push({
      label: dry ? 'Se darán de baja (no están en el archivo)' : 'Dados de baja (no estaban en el archivo)',
      value: afiliados(result.deactivated),
      isError: true,
    });

  return (
    <div className={styles.summary}>
      <dl className={styles.stats}>
        {stats.map((stat) => (
          <div
            key={stat.label}
            className={styles.stat}
            data-error={
              stat.isError && (stat.label !== 'Rechazadas' || result.errorCount > 0) ? '' : undefined
            }
          >
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 && (
        <div className={styles.rejected}>
          <h3 className={styles.rejectedTitle}>
            {result.dryRun ? 'Líneas que no se cargarán' : 'Líneas rechazadas'}
          </h3>
          <p className={styles.muted}>Corrija estas líneas en el archivo y vuelva a cargarlo.</p>
          <div className={styles.tableScroller}>
            <table className={styles.table} aria-label="Líneas rechazadas">
              <thead>
                <tr>
                  <th scope="col">Línea</th>
                  <th scope="col">Motivo</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((error) => (
                  <tr key={`${error.line}-${error.message}`}>
                    <td>{formatNumber(error.line)}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {hidden > 0 && (
            <p className={styles.muted}>… y {formatCount(hidden, 'línea más', 'líneas más')} con errores.</p>
          )}
        </div>
      )}
    </div>
  );
}
