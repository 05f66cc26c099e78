import { CARA_LABELS, type Cara, esSuperior, tipoDePieza } from '@red-dental/contracts';

// ---------------------------------------------------------------------------
// Where each tooth and face of the chart lies: the four rows of an Argentine
// ficha (upper permanent, upper deciduous, lower deciduous, lower permanent),
// each read from the patient's right to left as the dentist faces them, and
// which face each of a tooth's five regions is.
// ---------------------------------------------------------------------------

/** A tooth's square, the gap between teeth, and the gap at the midline. */
export const SIZE = 36;
const STEP = 40;
const MIDLINE = 12;
/** The inset of the central face. */
const INSET = 11;

const range = (from: number, to: number) => {
  const step = from <= to ? 1 : -1;
  return Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => from + i * step);
};

/** The four rows, each tooth in the order drawn from left to right. */
export const FILAS: readonly (readonly number[])[] = [
  [...range(18, 11), ...range(21, 28)],
  [...range(55, 51), ...range(61, 65)],
  [...range(85, 81), ...range(71, 75)],
  [...range(48, 41), ...range(31, 38)],
];

/** The top of each row's squares; numbers go above the upper rows and below the lower ones. */
const ROW_Y = [22, 84, 142, 204];
export const WIDTH = 16 * STEP + MIDLINE;
export const HEIGHT = 264;

export interface Lugar {
  x: number;
  y: number;
  fila: number;
  columna: number;
}

/** Each tooth's square: deciduous rows are centred under the permanent ones. */
export const LUGARES: ReadonlyMap<number, Lugar> = new Map(
  FILAS.flatMap((fila, f) => {
    const offset = (16 - fila.length) / 2;
    return fila.map((pieza, c) => {
      const half = c >= fila.length / 2 ? MIDLINE : 0;
      return [pieza, { x: (offset + c) * STEP + half + 2, y: ROW_Y[f]!, fila: f, columna: c }] as const;
    });
  }),
);

/** Where the tooth's number is written: above the upper rows, below the lower. */
export const numeroY = (l: Lugar) => (l.fila < 2 ? l.y - 9 : l.y + SIZE + 18);

/** The cervical face: a band on the gum's side of the square (above the upper teeth, below the lower). */
export function cervical(l: Lugar): string {
  const y = l.fila < 2 ? l.y - 6 : l.y + SIZE + 2;
  return `${l.x + 4},${y} ${l.x + SIZE - 4},${y} ${l.x + SIZE - 4},${y + 4} ${l.x + 4},${y + 4}`;
}

export type Region = 'centro' | 'arriba' | 'abajo' | 'izquierda' | 'derecha';

/**
 * The face a region of the drawn tooth is: the centre is occlusal on a
 * premolar or molar and incisal on the rest; the outer side (away from the
 * chart's middle) is vestibular, the inner one palatal above and lingual
 * below; the side toward the midline is mesial.
 */
export function caraDeRegion(pieza: number, region: Region): Cara {
  const superior = esSuperior(pieza);
  const tipo = tipoDePieza(pieza);
  if (region === 'centro') return tipo === 'premolar' || tipo === 'molar' ? 'O' : 'I';
  if (region === 'arriba') return superior ? 'V' : 'L';
  if (region === 'abajo') return superior ? 'P' : 'V';
  // The patient's right (quadrants 1, 4, 5, 8) is drawn on the left: its midline is to the right.
  const derechaDelPaciente = [1, 4, 5, 8].includes(Math.floor(pieza / 10));
  if (region === 'izquierda') return derechaDelPaciente ? 'D' : 'M';
  return derechaDelPaciente ? 'M' : 'D';
}

/** The polygon of each region of a tooth at (x, y). */
export function regiones(x: number, y: number): Record<Region, string> {
  const a = SIZE;
  const i = INSET;
  const p = (...pts: [number, number][]) => pts.map(([px, py]) => `${x + px},${y + py}`).join(' ');
  return {
    arriba: p([0, 0], [a, 0], [a - i, i], [i, i]),
    abajo: p([0, a], [a, a], [a - i, a - i], [i, a - i]),
    izquierda: p([0, 0], [i, i], [i, a - i], [0, a]),
    derecha: p([a, 0], [a - i, i], [a - i, a - i], [a, a]),
    centro: p([i, i], [a - i, i], [a - i, a - i], [i, a - i]),
  };
}

export const REGIONES: readonly Region[] = ['centro', 'arriba', 'abajo', 'izquierda', 'derecha'];

/** "cara oclusal". */
export const caraTexto = (c: Cara) => `cara ${CARA_LABELS[c]}`;

/**
 * The tooth the arrow keys lead to from `pieza`, or itself at an edge. Up and
 * down go to the tooth drawn nearest `anchorX` (where a run of vertical moves
 * began), so passing through a shorter deciduous row comes back to the same
 * column.
 */
export function vecina(pieza: number, key: string, anchorX?: number): number {
  const l = LUGARES.get(pieza)!;
  const fila = FILAS[l.fila]!;
  if (key === 'ArrowLeft') return fila[Math.max(0, l.columna - 1)]!;
  if (key === 'ArrowRight') return fila[Math.min(fila.length - 1, l.columna + 1)]!;
  if (key === 'Home') return fila[0]!;
  if (key === 'End') return fila.at(-1)!;
  const f = key === 'ArrowUp' ? l.fila - 1 : key === 'ArrowDown' ? l.fila + 1 : l.fila;
  if (f < 0 || f >= FILAS.length || f === l.fila) return pieza;
  // The tooth of the next row drawn nearest above or below this one.
  let best = pieza;
  let distance = Number.POSITIVE_INFINITY;
  for (const other of FILAS[f]!) {
    const d = Math.abs(LUGARES.get(other)!.x - (anchorX ?? l.x));
    if (d < distance) {
      best = other;
      distance = d;
    }
  }
  return best;
}
