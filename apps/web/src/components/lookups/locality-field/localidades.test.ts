import { JURISDICCIONES } from '@red-dental/contracts';
import { describe, expect, it } from 'vitest';
import file from './data/localidades.json';
import { loadLocalidades, localidadLabel, toLocalidadList } from './localidades.ts';

const PROVINCIAS = JURISDICCIONES.filter((j) => j !== 'Nacional');

describe('the list of localities', () => {
  it('holds only well-formed localities of the country, each in one of its provinces', () => {
    const list = toLocalidadList(file.localidades);
    expect(list.size).toBe(file.localidades.length);
    expect(list.size).toBeGreaterThan(1000);
    for (const row of file.localidades) {
      const [nombre, provincia, lat, lon] = row as [string, string, number, number];
      expect(PROVINCIAS, nombre).toContain(provincia);
      // Argentina's mainland and Tierra del Fuego, La Quiaca to Ushuaia, the Andes to Misiones.
      expect(lat, nombre).toBeGreaterThan(-55.1);
      expect(lat, nombre).toBeLessThan(-21.7);
      expect(lon, nombre).toBeGreaterThan(-73.6);
      expect(lon, nombre).toBeLessThan(-53.5);
    }
  });

  it('finds a locality by the start of its words, accents and case aside, the name as typed first', async () => {
    const list = await loadLocalidades();
    expect(list.find('funes').map(localidadLabel)).toEqual(['Funes, Santa Fe', 'Deán Funes, Córdoba']);
    expect(list.find('FUN santa').map(localidadLabel)).toEqual(['Funes, Santa Fe']);
    expect(list.find('cordoba')[0]).toMatchObject({ nombre: 'Córdoba', provincia: 'Córdoba' });
    // A name repeated in a province carries its department.
    expect(list.find('san vicente misiones').map(localidadLabel)).toEqual([
      'San Vicente (Guaraní), Misiones',
      'San Vicente (San Pedro), Misiones',
    ]);
    expect(list.find('san', 3)).toHaveLength(3);
    expect(list.find(' , ')).toEqual([]);
    expect(list.find('unes')).toEqual([]);
  });

  it('refuses a malformed row, naming it', () => {
    expect(() =>
      toLocalidadList([
        ['Funes', 'Santa Fe', -32.9, -60.8],
        ['Roldán', 'Santa Fe', '-32.9'],
      ]),
    ).toThrow('row 1');
  });
});
