import { type AutorizacionItem, lugarDeLinea } from '@red-dental/contracts';
import { Badge } from '@/components/ui/badge/index.ts';
import styles from './autorizaciones.module.css';

const ITEM = {
  pendiente: { tone: 'warning', text: 'Sin decidir' },
  aprobado: { tone: 'success', text: 'Aprobada' },
  rechazado: { tone: 'error', text: 'No aprobada' },
} as const;

/** A request's lines: what each is and where, how it was decided, and what the plan's rules said of it. */
export function ItemsAutorizacion({ items }: { items: readonly AutorizacionItem[] }) {
  return (
    <ol className={styles.items}>
      {items.map((i) => {
        const estado = i.consumido ? { tone: 'neutral' as const, text: 'Usada' } : ITEM[i.estado];
        return (
          <li key={i.id} className={styles.item}>
            <div className={styles.itemHead}>
              <span>
                <strong>{i.codigo}</strong> {i.nombre} — {lugarDeLinea(i)}
              </span>
              <Badge tone={estado.tone}>{estado.text}</Badge>
            </div>
            <ul className={styles.resultados}>
              {i.resultados.map((r) => (
                <li key={`${r.codigo}-${r.mensaje}`} className={styles[r.nivel]}>
                  {r.codigo && <span className={styles.codigoDebito}>{`${r.codigo} `}</span>}
                  {r.mensaje}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
