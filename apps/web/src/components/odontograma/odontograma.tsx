import { CARAS, type Cara, describePieza } from '@red-dental/contracts';
import { type KeyboardEvent, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  caraDeRegion,
  caraTexto,
  cervical,
  FILAS,
  HEIGHT,
  LUGARES,
  numeroY,
  REGIONES,
  regiones,
  SIZE,
  vecina,
  WIDTH,
} from './layout.ts';
import styles from './odontograma.module.css';

/**
 * A mark on the chart: work on record (red, as the Argentine ficha draws
 * what exists) or work the visit will do (blue, what is needed). Faces ''
 * mark the whole tooth.
 */
export interface Marca {
  pieza: number;
  caras: string;
  tipo: 'existente' | 'necesaria';
  /** What the mark says, read with the face ("obturada el 14/03/2026"). */
  texto: string;
}

export interface OdontogramaProps {
  marcas: readonly Marca[];
  /** The chart's name for assistive technology. */
  label: string;
  /** Editable: the chosen tooth and faces, and what to do when they change. */
  seleccion?: { pieza: number | null; caras: string };
  onSeleccion?: (seleccion: { pieza: number; caras: string }) => void;
}

interface EstadoPieza {
  caras: Map<Cara, { tipo: Marca['tipo']; textos: string[] }>;
  entera: { tipo: Marca['tipo']; textos: string[] } | undefined;
}

/** The marks gathered by tooth and face; what is needed is drawn over what exists. */
function porPieza(marcas: readonly Marca[]): Map<number, EstadoPieza> {
  const out = new Map<number, EstadoPieza>();
  const put = (slot: { tipo: Marca['tipo']; textos: string[] } | undefined, m: Marca) => {
    const next = slot ?? { tipo: m.tipo, textos: [] };
    if (m.tipo === 'necesaria') next.tipo = 'necesaria';
    next.textos.push(m.texto);
    return next;
  };
  for (const m of marcas) {
    const e = out.get(m.pieza) ?? { caras: new Map(), entera: undefined };
    if (m.caras === '') e.entera = put(e.entera, m);
    for (const c of m.caras as Iterable<Cara>) e.caras.set(c, put(e.caras.get(c), m));
    out.set(m.pieza, e);
  }
  return out;
}

const LETRAS = new Set<string>(CARAS);

/**
 * The odontogram: 52 teeth, each with its faces, red for what exists and
 * blue for what is needed. A grid: arrows move between teeth, Home and End
 * go to a row's ends. Editable, a click or Enter chooses a tooth, and a click
 * on a face or its letter (O V M D P L I C) adds or removes it.
 */
export function Odontograma({ marcas, label, seleccion, onSeleccion }: OdontogramaProps) {
  const estado = useMemo(() => porPieza(marcas), [marcas]);
  const [activa, setActiva] = useState<number>(seleccion?.pieza ?? 16);
  const refs = useRef(new Map<number, SVGGElement>());
  // Where a run of up and down moves began, so a shorter row in between does not shift the column.
  const anchorX = useRef<number | undefined>(undefined);
  const editable = onSeleccion !== undefined;
  const ayudaId = useId();
  // A chart wider than the screen opens at its middle, where the front teeth are.
  const centrar = (el: HTMLDivElement | null) => {
    if (el && el.scrollLeft === 0) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
  };

  const mover = (pieza: number) => {
    setActiva(pieza);
    refs.current.get(pieza)?.focus();
  };
  const elegir = (pieza: number, caras?: string) => {
    if (!onSeleccion) return;
    const mismas = seleccion?.pieza === pieza ? (seleccion.caras ?? '') : '';
    onSeleccion({ pieza, caras: caras ?? mismas });
  };
  const alternar = (pieza: number, cara: Cara) => {
    const actuales = seleccion?.pieza === pieza ? seleccion.caras : '';
    const set = new Set(actuales);
    if (set.has(cara)) set.delete(cara);
    else set.add(cara);
    elegir(pieza, CARAS.filter((c) => set.has(c)).join(''));
  };

  const onKeyDown = (pieza: number, event: KeyboardEvent<SVGGElement>) => {
    const vertical = event.key === 'ArrowUp' || event.key === 'ArrowDown';
    if (vertical) anchorX.current ??= LUGARES.get(pieza)!.x;
    else anchorX.current = undefined;
    const next = vecina(pieza, event.key, anchorX.current);
    if (
      next !== pieza ||
      ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)
    ) {
      event.preventDefault();
      mover(next);
      return;
    }
    if (!editable) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      elegir(pieza);
      return;
    }
    const letra = event.key.toUpperCase();
    if (LETRAS.has(letra) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      alternar(pieza, letra as Cara);
    }
  };

  // The teeth get one set of actions that never changes, reading this render's state through a ref:
  // a click redraws only the teeth whose marks or choice changed.
  const latest = useRef({ mover, setActiva, onKeyDown, elegir, alternar });
  latest.current = { mover, setActiva, onKeyDown, elegir, alternar };
  const acciones = useMemo<Acciones>(
    () => ({
      registrar: (pieza, el) => {
        if (el) refs.current.set(pieza, el);
        else refs.current.delete(pieza);
      },
      foco: (pieza) => latest.current.setActiva(pieza),
      tecla: (pieza, event) => latest.current.onKeyDown(pieza, event),
      elegir: (pieza) => latest.current.elegir(pieza),
      cara: (pieza, cara) => latest.current.alternar(pieza, cara),
    }),
    [],
  );
  // A tooth chosen elsewhere (the list of teeth) is where the keyboard resumes.
  const elegidaPieza = seleccion?.pieza ?? null;
  useEffect(() => {
    if (elegidaPieza !== null) setActiva(elegidaPieza);
  }, [elegidaPieza]);

  return (
    <div className={styles.wrap}>
      <p id={ayudaId} className="sr-only">
        {editable
          ? 'Flechas: de una pieza a otra. Enter: elegir la pieza. O, V, M, D, P, L, I o C: marcar o desmarcar esa cara.'
          : 'Flechas: de una pieza a otra.'}
      </p>
      <div className={styles.scroll} ref={centrar}>
        {/* The chart is drawn, so it cannot be a <table>; the ARIA grid gives it the table's keyboard. */}
        {/* biome-ignore lint/a11y/useSemanticElements: an SVG drawing takes the grid role, not a <table>. */}
        <svg
          className={styles.chart}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the drawn chart is operated as a grid.
          role="grid"
          aria-label={label}
          aria-describedby={ayudaId}
          aria-readonly={!editable}
        >
          <line className={styles.midline} x1={WIDTH / 2} x2={WIDTH / 2} y1={4} y2={HEIGHT - 4} />
          <line className={styles.midline} x1={4} x2={WIDTH - 4} y1={HEIGHT / 2} y2={HEIGHT / 2} />
          {FILAS.map((fila, f) => (
            // biome-ignore lint/a11y/useSemanticElements: a row of the drawn chart, not of a <table>.
            <g key={fila[0]} role="row" aria-rowindex={f + 1}>
              {fila.map((pieza) => (
                <Pieza
                  key={pieza}
                  pieza={pieza}
                  estado={estado.get(pieza)}
                  activa={activa === pieza}
                  elegida={seleccion?.pieza === pieza ? seleccion.caras : undefined}
                  editable={editable}
                  acciones={acciones}
                />
              ))}
            </g>
          ))}
        </svg>
      </div>
      <p className={styles.leyenda} aria-hidden="true">
        <span className={styles.existente}>■</span> Realizado <span className={styles.necesaria}>■</span> A
        realizar
      </p>
    </div>
  );
}

/** What a tooth can do, the same object for the chart's whole life. */
interface Acciones {
  registrar: (pieza: number, el: SVGGElement | null) => void;
  foco: (pieza: number) => void;
  tecla: (pieza: number, event: KeyboardEvent<SVGGElement>) => void;
  elegir: (pieza: number) => void;
  cara: (pieza: number, cara: Cara) => void;
}

interface PiezaProps {
  pieza: number;
  estado: EstadoPieza | undefined;
  activa: boolean;
  /** The faces chosen on this tooth, when it is the chosen one. */
  elegida: string | undefined;
  editable: boolean;
  acciones: Acciones;
}

/** One tooth: its five faces, a ring when the whole tooth is marked, its number. */
const Pieza = memo(function Pieza({ pieza, estado, activa, elegida, editable, acciones }: PiezaProps) {
  const lugar = LUGARES.get(pieza)!;
  const polys = regiones(lugar.x, lugar.y);
  const resumen = [
    estado?.entera && `pieza entera: ${estado.entera.textos.join('; ')}`,
    ...[...(estado?.caras ?? [])].map(([c, s]) => `${caraTexto(c)}: ${s.textos.join('; ')}`),
  ].filter(Boolean);
  const elegidaText = elegida !== undefined ? `, elegida${elegida ? ` (caras ${elegida})` : ''}` : '';
  const name = `${describePieza(pieza)}${resumen.length ? `: ${resumen.join('; ')}` : ': sin registros'}${elegidaText}`;
  const clase = (tipo: 'existente' | 'necesaria' | undefined) =>
    tipo === 'necesaria' ? styles.necesaria : tipo === 'existente' ? styles.existente : '';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a tooth of the drawn chart, not a <td>.
    <g
      ref={(el) => acciones.registrar(pieza, el)}
      role="gridcell"
      tabIndex={activa ? 0 : -1}
      aria-label={name}
      aria-selected={editable ? elegida !== undefined : undefined}
      className={`${styles.pieza} ${elegida !== undefined ? styles.elegida : ''}`}
      onFocus={() => acciones.foco(pieza)}
      onKeyDown={(event) => acciones.tecla(pieza, event)}
      onClick={editable ? () => acciones.elegir(pieza) : undefined}
    >
      <title>{name}</title>
      {[
        ...REGIONES.map((region) => [caraDeRegion(pieza, region), polys[region]] as const),
        ['C', cervical(lugar)] as const,
      ].map(([cara, points]) => {
        const marca = estado?.caras.get(cara);
        const enElegida = elegida?.includes(cara) ?? false;
        const faceName = `Pieza ${pieza}, ${caraTexto(cara)}: ${marca ? marca.textos.join('; ') : 'sin registros'}`;
        const className = `${styles.cara} ${clase(enElegida ? 'necesaria' : marca?.tipo)}`;
        if (!editable)
          return (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a drawn face, named like an image.
            <polygon key={cara} points={points} className={className} role="img" aria-label={faceName} />
          );
        return (
          // biome-ignore lint/a11y/useSemanticElements: a face of the drawn tooth, not an <input>.
          <polygon
            key={cara}
            points={points}
            className={className}
            role="checkbox"
            aria-checked={enElegida}
            aria-label={faceName}
            onClick={(event) => {
              event.stopPropagation();
              acciones.cara(pieza, cara);
            }}
          />
        );
      })}
      {estado?.entera && (
        <circle
          className={`${styles.anillo} ${clase(estado.entera.tipo)}`}
          cx={lugar.x + SIZE / 2}
          cy={lugar.y + SIZE / 2}
          r={SIZE / 2 + 1}
        />
      )}
      <text className={styles.numero} x={lugar.x + SIZE / 2} y={numeroY(lugar)}>
        {pieza}
      </text>
    </g>
  );
});
