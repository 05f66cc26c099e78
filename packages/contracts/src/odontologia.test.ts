import { describe, expect, it } from 'vitest';
import {
  caraFhir,
  DEBITOS,
  describePieza,
  formatCaras,
  isPieza,
  PIEZAS,
  parseCaras,
  revisarCaras,
  sectorDe,
  tipoDePieza,
} from './odontologia.ts';

describe('the dental notation', () => {
  it('knows the 52 FDI teeth and nothing else', () => {
    expect(PIEZAS).toHaveLength(52);
    expect([11, 18, 48, 51, 55, 85].every(isPieza)).toBe(true);
    expect([10, 19, 49, 56, 86, 90, 0].some(isPieza)).toBe(false);
  });

  it('names each tooth as a dentist would', () => {
    expect(describePieza(36)).toBe('Pieza 36 (primer molar inferior izquierdo)');
    expect(describePieza(11)).toBe('Pieza 11 (incisivo central superior derecho)');
    expect(describePieza(75)).toBe('Pieza 75 (segundo molar temporario inferior izquierdo)');
    expect(tipoDePieza(14)).toBe('premolar');
    expect(tipoDePieza(54)).toBe('molar');
  });

  it('writes faces in the fixed order, and refuses faces a tooth does not have', () => {
    expect(parseCaras('mod')).toEqual(['O', 'M', 'D']);
    expect(formatCaras(parseCaras('D, O, M')!)).toBe('OMD');
    expect(parseCaras('X')).toBeUndefined();
    expect(revisarCaras(36, ['I']).rechazo).toContain('La cara incisal no existe en la pieza 36');
    expect(revisarCaras(11, ['O']).rechazo).toContain('use la incisal');
    expect(revisarCaras(36, ['P']).aviso).toContain('L (lingual)');
    expect(revisarCaras(16, ['L']).aviso).toContain('P (palatina)');
    expect(revisarCaras(16, ['O', 'P'])).toEqual({});
  });

  it('places teeth in sectors and maps faces to FHIR', () => {
    expect([sectorDe(16), sectorDe(13), sectorDe(26), sectorDe(46), sectorDe(41), sectorDe(74)]).toEqual([
      'SD',
      'SA',
      'SI',
      'ID',
      'IA',
      'II',
    ]);
    expect(['V', 'P', 'C', 'O'].map((c) => caraFhir(c as 'V'))).toEqual(['B', 'L', undefined, 'O']);
    expect(Object.keys(DEBITOS)).toHaveLength(14);
  });
});
