import { formatImporte, type LineaEvaluada, lugarDeLinea, type Nivel } from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge/index.ts';
import { TrashIcon } from '@/components/ui/screen-icons/index.ts';
import listPage from '@/styles/list-page.module.css';
import resultadosStyles from '@/styles/resultados.module.css';
import styles from './prestaciones.module.css';

/** A line of the visit as written, with what the engine said of it (once it answered). */
export interface LineaVisita {
  codigo: string;
  nombre: string;
  pieza: number | null;
  caras: string | null;
  sector: string | null;
  /** The prior authorization the line uses, where one covers it. */
  autorizacion?: string | null;
  evaluada?: LineaEvaluada;
}

const NIVEL: Record<Nivel, { tone: BadgeTone; text: string }> = {
  ok: { tone: 'success', text: 'Cubierta' },
  aviso: { tone: 'warning', text: 'Con avisos' },
  bloqueo: { tone: 'error', text: 'No se puede validar' },
};

/**
 * The visit's lines, each with its fee, the copay the patient pays here, the
 * insurer's share and every rule's result in words; and the totals.
 */
export function VisitaLineas({
  lineas,
  onQuitar,
  accion,
  totales,
}: {
  lineas: readonly LineaVisita[];
  onQuitar?: (index: number) => void;
  /** What a line offers beside its results (asking for the authorization it needs). */
  accion?: (index: number) => ReactNode;
  totales?: { importe: number; coseguro: number; cargoOs: number };
}) {
  if (lineas.length === 0) return <p className={styles.muted}>Todavía no agregó prestaciones.</p>;
  return (
    <div className={styles.visita}>
      <ol className={styles.lineas}>
        {lineas.map((l, i) => {
          const e = l.evaluada;
          const nivel = e ? NIVEL[e.nivel] : undefined;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a visit may hold the same line twice; its place is its identity.
            <li key={i} className={styles.linea}>
              <div className={styles.lineaHead}>
                <span className={styles.lineaTitulo}>
                  <strong>{l.codigo}</strong> {l.nombre} — {lugarDeLinea(l)}
                </span>
                {nivel && <Badge tone={nivel.tone}>{nivel.text}</Badge>}
                {onQuitar && (
                  <button
                    type="button"
                    className={`${listPage.iconButton} ${listPage.iconButtonDanger}`}
                    aria-label={`Quitar ${l.codigo} (${lugarDeLinea(l)})`}
                    title="Quitar"
                    onClick={() => onQuitar(i)}
                  >
                    <TrashIcon size={18} />
                  </button>
                )}
              </div>
              {e && (
                <>
                  {e.importe !== null && (
                    <p className={styles.importes}>
                      Arancel {formatImporte(e.importe)} · Coseguro {formatImporte(e.coseguro)} · Obra social{' '}
                      {formatImporte(e.cargoOs)}
                    </p>
                  )}
                  <ul className={resultadosStyles.resultados}>
                    {e.resultados.map((r) => (
                      <li key={`${r.codigo}-${r.mensaje}`} className={resultadosStyles[r.nivel]}>
                        {r.codigo && <span className={resultadosStyles.codigo}>{`${r.codigo} `}</span>}
                        {r.mensaje}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {l.autorizacion && <p className={styles.importes}>Con la autorización {l.autorizacion}</p>}
              {accion?.(i)}
            </li>
          );
        })}
      </ol>
      {totales && (
        <p className={styles.totales}>
          <span>
            Total <span className={styles.money}>{formatImporte(totales.importe)}</span>
          </span>
          <span>
            El paciente abona acá <strong>{formatImporte(totales.coseguro)}</strong>
          </span>
          <span>
            Obra social <span className={styles.money}>{formatImporte(totales.cargoOs)}</span>
          </span>
        </p>
      )}
    </div>
  );
}
