import { DEBITOS, formatFecha, formatImporte, lugarDeLinea, type Simulacion } from '@red-dental/contracts';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { formatCount } from '@/lib/format.ts';
import styles from './simulacion.module.css';

const resultado = (codigo: Simulacion['filas'][number]['codigo']) =>
  codigo === null ? 'Cubiertas' : `${codigo} ${DEBITOS[codigo]}`;

const desenlace = (d: Simulacion['ejemplos'][number]['antes']) =>
  d.codigo === null
    ? `Cubierta: ${formatImporte(d.importe)}`
    : `${d.codigo}: debita ${formatImporte(d.importe)}`;

function Diferencia({ centavos }: { centavos: number }) {
  if (centavos === 0) return <span>—</span>;
  return (
    <span className={centavos < 0 ? styles.menos : undefined}>
      {centavos < 0 ? '− ' : '+ '}
      {formatImporte(Math.abs(centavos))}
    </span>
  );
}

/**
 * 'Simular' on a file ready to import: the last three months' lines judged
 * again by the rules and fees, under what is in force and under the file, per
 * insurer and débito (lines and money) and the first lines that would end
 * otherwise. Nothing of the file is kept until it is imported.
 */
export function SimulacionPanel({
  simulacion: s,
  isPending,
  error,
  onSimular,
}: {
  simulacion: Simulacion | undefined;
  isPending: boolean;
  error: string | undefined;
  onSimular: () => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.panel}>
      <div className={styles.header}>
        <h3 id={id} className={styles.title}>
          Efecto en los últimos tres meses
        </h3>
        <Button variant="secondary" onClick={onSimular} disabled={isPending}>
          {isPending ? 'Simulando…' : 'Simular'}
        </Button>
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      <p role="status" className={styles.status}>
        {s &&
          !isPending &&
          `${formatCount(s.lineas, 'prestación', 'prestaciones')} del ${formatFecha(s.desde)} al ${formatFecha(s.hasta)} juzgadas con las reglas y los aranceles de hoy y con el archivo: ${
            s.cambian === 0 ? 'ninguna cambiaría.' : `${formatCount(s.cambian, 'cambiaría', 'cambiarían')}.`
          }`}
      </p>
      {s && !isPending && s.filas.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard
        <section className={styles.scroll} tabIndex={0} aria-label="Por obra social y débito">
          <table className={styles.table}>
            <caption>Por obra social y débito</caption>
            <thead>
              <tr>
                <th scope="col">Obra social</th>
                <th scope="col">Resultado</th>
                <th scope="col">Líneas hoy</th>
                <th scope="col">Con el cambio</th>
                <th scope="col">Importe hoy</th>
                <th scope="col">Con el cambio</th>
                <th scope="col">Diferencia</th>
              </tr>
            </thead>
            <tbody>
              {s.filas.map((f) => (
                <tr key={`${f.obraSocial.id}-${f.codigo ?? ''}`}>
                  <th scope="row">{f.obraSocial.nombre}</th>
                  <td>{resultado(f.codigo)}</td>
                  <td className={styles.num}>{f.antes.lineas}</td>
                  <td className={styles.num}>{f.despues.lineas}</td>
                  <td className={styles.num}>{formatImporte(f.antes.importe)}</td>
                  <td className={styles.num}>{formatImporte(f.despues.importe)}</td>
                  <td className={styles.num}>
                    <Diferencia centavos={f.despues.importe - f.antes.importe} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {s && !isPending && s.ejemplos.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard
        <section className={styles.scroll} tabIndex={0} aria-label="Prestaciones que cambiarían">
          <table className={styles.table}>
            <caption>
              Prestaciones que cambiarían
              {s.cambian > s.ejemplos.length ? ` (las primeras ${s.ejemplos.length})` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Prestación</th>
                <th scope="col">Prestador</th>
                <th scope="col">Hoy</th>
                <th scope="col">Con el cambio</th>
              </tr>
            </thead>
            <tbody>
              {s.ejemplos.map((e) => (
                <tr key={e.lineaId}>
                  <td>{formatFecha(e.fecha)}</td>
                  <th scope="row">
                    {e.codigo} {e.nombre}, {lugarDeLinea(e)}
                  </th>
                  <td>
                    {e.profesional} ({e.obraSocial})
                  </td>
                  <td>{desenlace(e.antes)}</td>
                  <td>{desenlace(e.despues)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
