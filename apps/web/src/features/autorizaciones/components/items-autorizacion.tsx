import {
  ADJUNTO_LABELS,
  type Adjunto,
  type AutorizacionItem,
  adjuntoConArticulo,
  lugarDeLinea,
  type Resultado,
} from '@red-dental/contracts';
import { Badge } from '@/components/ui/badge/index.ts';
import resultadosStyles from '@/styles/resultados.module.css';
import styles from './autorizaciones.module.css';

const ITEM = {
  pendiente: { tone: 'warning', text: 'Sin decidir' },
  aprobado: { tone: 'success', text: 'Aprobada' },
  rechazado: { tone: 'error', text: 'No aprobada' },
} as const;

/**
 * The rules' results as they bear on the request now: the need for an
 * authorization is the request itself (not repeated); a file the plan asks for
 * reads as sent or still missing, by what the request carries.
 */
function vigentes(resultados: readonly Resultado[], enviados: ReadonlySet<Adjunto>): Resultado[] {
  return resultados
    .filter((r) => r.codigo !== 'D07')
    .map((r) => {
      if (r.codigo !== 'D05') return r;
      const tipo = (Object.keys(ADJUNTO_LABELS) as Adjunto[]).find((t) =>
        r.mensaje.includes(ADJUNTO_LABELS[t]),
      );
      if (!tipo) return r;
      return enviados.has(tipo)
        ? { ...r, nivel: 'ok' as const, mensaje: `El plan pide ${adjuntoConArticulo(tipo)}: ya se adjuntó` }
        : { ...r, mensaje: `El plan pide ${adjuntoConArticulo(tipo)}: todavía no se adjuntó` };
    });
}

/** A request's lines: what each is and where, how it was decided, and what the plan's rules said of it. */
export function ItemsAutorizacion({
  items,
  adjuntos = [],
}: {
  items: readonly AutorizacionItem[];
  adjuntos?: readonly { tipo: Adjunto }[];
}) {
  const enviados = new Set(adjuntos.map((a) => a.tipo));
  return (
    <ol className={styles.items}>
      {items.map((i) => {
        const estado = i.consumido ? { tone: 'neutral' as const, text: 'Usada' } : ITEM[i.estado];
        const resultados = vigentes(i.resultados, enviados);
        return (
          <li key={i.id} className={styles.item}>
            <div className={styles.itemHead}>
              <span>
                <strong>{i.codigo}</strong> {i.nombre} — {lugarDeLinea(i)}
              </span>
              <Badge tone={estado.tone}>{estado.text}</Badge>
            </div>
            {resultados.length > 0 && (
              <ul className={resultadosStyles.resultados}>
                {resultados.map((r) => (
                  <li key={`${r.codigo}-${r.mensaje}`} className={resultadosStyles[r.nivel]}>
                    {r.codigo && <span className={resultadosStyles.codigo}>{`${r.codigo} `}</span>}
                    {r.mensaje}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
