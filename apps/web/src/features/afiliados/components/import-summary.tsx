import { type ImportAfiliado, type ImportResult, MESSAGES } from '@red-dental/contracts';
import { useId } from 'react';
import { formatCount, formatNumber } from '@/lib/format.ts';
import styles from './import-summary.module.css';

interface Stat {
  label: string;
  value: string;
  /** Shown in the error colour: lines refused, affiliates given de baja. */
  isError?: boolean;
}

/**
 * People the import gives de baja or moves to its insurer: one sentence each
 * for the first ones the server names, then how many more there are.
 */
function NamedAfiliados({
  title,
  note,
  total,
  items,
}: {
  title: string;
  note?: string;
  total: number;
  items: readonly { afiliado: ImportAfiliado; sentence: string }[];
}) {
  const titleId = useId();
  const more = total - items.length;
  return (
    <div className={styles.named}>
      <h3 id={titleId} className={styles.rejectedTitle}>
        {title}
      </h3>
      {note && <p className={styles.muted}>{note}</p>}
      {/* A long list scrolls in its box; focusable, so keyboards scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable (WCAG 2.1.1) */}
      <section className={styles.namesScroller} aria-labelledby={titleId} tabIndex={0}>
        <ul className={styles.names}>
          {items.map(({ afiliado, sentence }) => (
            <li key={afiliado.id}>
              {sentence}{' '}
              <span className={styles.muted}>
                · {afiliado.tipoDocumento} {afiliado.documento}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {more > 0 && <p className={styles.muted}>… y {formatNumber(more)} más.</p>}
    </div>
  );
}

/**
 * What an import did, or (dry run) would do: new, updated and unchanged
 * affiliates, those de baja it brings back, those it moves from another
 * insurer and those it gives de baja (the first ones by name), and each
 * rejected line with its reason so the file can be fixed.
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
  if (result.moved > 0)
    stats.push({
      label: dry ? 'Cambiarán de obra social' : 'Cambiaron de obra social',
      value: afiliados(result.moved),
    });
  if (result.deactivated > 0)
    stats.push({
      label: dry ? 'Se darán de baja (no están en el archivo)' : 'Dados de baja (no estaban en el archivo)',
      value: afiliados(result.deactivated),
      isError: true,
    });
  const destino = result.obraSocial.nombre;

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
      {result.deactivatedAfiliados.length > 0 && (
        <NamedAfiliados
          title={dry ? 'Quiénes se darán de baja' : 'Quiénes se dieron de baja'}
          note={
            dry
              ? `No están en el archivo de ${destino}. Podrá reactivarlos después.`
              : `No estaban en el archivo de ${destino}. Puede reactivarlos desde su ficha.`
          }
          total={result.deactivated}
          items={result.deactivatedAfiliados.map((afiliado) => ({
            afiliado,
            sentence: MESSAGES.csv.DEACTIVATED_AFILIADO(afiliado.nombre, dry),
          }))}
        />
      )}
      {result.movedAfiliados.length > 0 && (
        <NamedAfiliados
          title={dry ? 'Quiénes cambiarán de obra social' : 'Quiénes cambiaron de obra social'}
          total={result.moved}
          items={result.movedAfiliados.map((afiliado) => ({
            afiliado,
            sentence: MESSAGES.csv.MOVED_AFILIADO(
              afiliado.nombre,
              afiliado.from?.nombre ?? null,
              destino,
              dry,
            ),
          }))}
        />
      )}
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
