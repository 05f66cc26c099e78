import { z } from 'zod';

// ---------------------------------------------------------------------------
// The dental notation staff, dentists and exports share: FDI (ISO 3950)
// teeth, the faces of a tooth, the sectors of the mouth, and the fixed débito
// reasons. Fixed: lines, authorizations and statements are written in it.
// ---------------------------------------------------------------------------

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The 32 permanent teeth: quadrants 1–4, positions 1–8. */
export const PIEZAS_PERMANENTES: readonly number[] = [
  ...range(11, 18),
  ...range(21, 28),
  ...range(31, 38),
  ...range(41, 48),
];
/** The 20 deciduous teeth: quadrants 5–8, positions 1–5. */
export const PIEZAS_TEMPORARIAS: readonly number[] = [
  ...range(51, 55),
  ...range(61, 65),
  ...range(71, 75),
  ...range(81, 85),
];
/** All 52 teeth, the only values a line's tooth may take. */
export const PIEZAS: readonly number[] = [...PIEZAS_PERMANENTES, ...PIEZAS_TEMPORARIAS];
const VALID = new Set(PIEZAS);

export const isPieza = (value: number) => VALID.has(value);
export const esTemporaria = (pieza: number) => Math.floor(pieza / 10) >= 5;

const cuadrante = (pieza: number) => Math.floor(pieza / 10);
const posicion = (pieza: number) => pieza % 10;

/** Upper arch: quadrants 1, 2, 5 and 6. */
export const esSuperior = (pieza: number) => [1, 2, 5, 6].includes(cuadrante(pieza));
/** The patient's right: quadrants 1, 4, 5 and 8. */
const esDerecha = (pieza: number) => [1, 4, 5, 8].includes(cuadrante(pieza));

export type TipoPieza = 'incisivo' | 'canino' | 'premolar' | 'molar';

export function tipoDePieza(pieza: number): TipoPieza {
  const p = posicion(pieza);
  if (p <= 2) return 'incisivo';
  if (p === 3) return 'canino';
  // Deciduous teeth have no premolars: positions 4 and 5 are molars.
  if (esTemporaria(pieza)) return 'molar';
  return p <= 5 ? 'premolar' : 'molar';
}

const NOMBRES_PERMANENTES = [
  'incisivo central',
  'incisivo lateral',
  'canino',
  'primer premolar',
  'segundo premolar',
  'primer molar',
  'segundo molar',
  'tercer molar',
];
const NOMBRES_TEMPORARIOS = [
  'incisivo central',
  'incisivo lateral',
  'canino',
  'primer molar',
  'segundo molar',
];

/** "Pieza 36 (primer molar inferior izquierdo)", "Pieza 75 (segundo molar temporario inferior izquierdo)". */
export function describePieza(pieza: number): string {
  const temporaria = esTemporaria(pieza);
  const nombre = (temporaria ? NOMBRES_TEMPORARIOS : NOMBRES_PERMANENTES)[posicion(pieza) - 1];
  const arcada = esSuperior(pieza) ? 'superior' : 'inferior';
  const lado = esDerecha(pieza) ? 'derecho' : 'izquierdo';
  return `Pieza ${pieza} (${nombre}${temporaria ? ' temporario' : ''} ${arcada} ${lado})`;
}

/** The faces of a tooth, in the order a set of them is always written. */
export const CARAS = ['O', 'V', 'M', 'D', 'P', 'L', 'I', 'C'] as const;
export type Cara = (typeof CARAS)[number];
export const CARA_LABELS: Record<Cara, string> = {
  O: 'oclusal',
  V: 'vestibular',
  M: 'mesial',
  D: 'distal',
  P: 'palatina',
  L: 'lingual',
  I: 'incisal',
  C: 'cervical',
};

/** Faces as typed ('mod', 'D,O', 'O M') in the fixed order, without repeats; undefined when a letter is none. */
export function parseCaras(raw: string): Cara[] | undefined {
  const letters = raw.toUpperCase().replace(/[\s,;.-]/g, '');
  if (![...letters].every((c) => (CARAS as readonly string[]).includes(c))) return undefined;
  return CARAS.filter((c) => letters.includes(c));
}

export const formatCaras = (caras: readonly Cara[]) => CARAS.filter((c) => caras.includes(c)).join('');

/**
 * What is wrong with these faces on this tooth: incisal only on incisors and
 * canines, occlusal only on premolars and molars (refusals); palatal on a
 * lower tooth or lingual on an upper one is only a warning, as offices write
 * either.
 */
export function revisarCaras(pieza: number, caras: readonly Cara[]): { rechazo?: string; aviso?: string } {
  const tipo = tipoDePieza(pieza);
  const anterior = tipo === 'incisivo' || tipo === 'canino';
  if (caras.includes('I') && !anterior)
    return { rechazo: `La cara incisal no existe en la pieza ${pieza}, que es un ${tipo}: revise la cara` };
  if (caras.includes('O') && anterior)
    return { rechazo: `La cara oclusal no existe en la pieza ${pieza}, que es un ${tipo}: use la incisal` };
  if (caras.includes('P') && !esSuperior(pieza))
    return { aviso: `La pieza ${pieza} es inferior: su cara interna suele escribirse L (lingual)` };
  if (caras.includes('L') && esSuperior(pieza))
    return { aviso: `La pieza ${pieza} es superior: su cara interna suele escribirse P (palatina)` };
  return {};
}

/** FHIR R4 Claim item.subSite for a face: B for the vestibular, L for the palatal; C goes as an extension. */
export const caraFhir = (cara: Cara): string | undefined =>
  cara === 'V' ? 'B' : cara === 'P' ? 'L' : cara === 'C' ? undefined : cara;

/** The six sectors: upper and lower arch, each right, anterior and left. */
export const SECTORES = ['SD', 'SA', 'SI', 'ID', 'IA', 'II'] as const;
export type Sector = (typeof SECTORES)[number];
export const SECTOR_LABELS: Record<Sector, string> = {
  SD: 'superior derecho',
  SA: 'superior anterior',
  SI: 'superior izquierdo',
  ID: 'inferior derecho',
  IA: 'inferior anterior',
  II: 'inferior izquierdo',
};

/** The sector a tooth lies in: incisors and canines are anterior, the rest by side. */
export function sectorDe(pieza: number): Sector {
  const arcada = esSuperior(pieza) ? 'S' : 'I';
  const tipo = tipoDePieza(pieza);
  if (tipo === 'incisivo' || tipo === 'canino') return `${arcada}A` as Sector;
  return `${arcada}${esDerecha(pieza) ? 'D' : 'I'}` as Sector;
}

/** The débito reasons, fixed codes with the product's words. */
export const DEBITOS = {
  D01: 'Afiliado no vigente en la fecha',
  D02: 'Código no cubierto por el plan',
  D03: 'Frecuencia excedida',
  D04: 'Pieza o cara en garantía',
  D05: 'Falta un adjunto requerido',
  D06: 'Sin token del afiliado',
  D07: 'Sin autorización previa o autorización vencida',
  D08: 'Edad fuera de rango',
  D09: 'En período de carencia',
  D10: 'Tope mensual excedido',
  D11: 'Línea duplicada',
  D12: 'Pieza, cara o sector incompatible con el código',
  D13: 'Presentada fuera de plazo',
  D14: 'Importe distinto del arancel',
} as const;
export type CodigoDebito = keyof typeof DEBITOS;
/** A débito reason's code, D01–D14. */
export const codigoDebitoSchema = z.enum(
  Object.keys(DEBITOS) as [keyof typeof DEBITOS, ...(keyof typeof DEBITOS)[]],
);
