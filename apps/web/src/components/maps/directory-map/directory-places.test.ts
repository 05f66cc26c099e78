import { describe, expect, it } from 'vitest';
import { findCentre, findPlaces, formatClusterLabel } from './directory-places.ts';

describe('findPlaces', () => {
  it('keeps the providers with valid coordinates, in order, as points', () => {
    expect(
      findPlaces([
        { id: 1, nombre: 'Ana Pérez', lat: '-34.600000', long: '-58.400000' },
        { id: 2, nombre: 'Sin dirección', lat: null, long: null },
        { id: 3, nombre: 'En blanco', lat: '', long: '-58.4' },
        { id: 4, nombre: 'Fuera del mapa', lat: '-95', long: '-58.4' },
        { id: 5, nombre: 'Luis Gómez', lat: '-34.7', long: '-58.5' },
      ]),
    ).toEqual([
      { id: 1, nombre: 'Ana Pérez', position: { lat: -34.6, lng: -58.4 } },
      { id: 5, nombre: 'Luis Gómez', position: { lat: -34.7, lng: -58.5 } },
    ]);
  });
});

describe('findCentre', () => {
  it('opens on Buenos Aires when no provider has a place', () => {
    expect(findCentre([])).toEqual({ lat: -34.6037, lng: -58.3816 });
  });

  it('opens on the mean of the places', () => {
    const centre = findCentre(
      findPlaces([
        { id: 1, nombre: 'A', lat: '-34.6', long: '-58.4' },
        { id: 2, nombre: 'B', lat: '-34.8', long: '-58.6' },
        { id: 3, nombre: 'C', lat: null, long: '-50' },
      ]),
    );
    expect(centre.lat).toBeCloseTo(-34.7, 10);
    expect(centre.lng).toBeCloseTo(-58.5, 10);
  });
});

describe('formatClusterLabel', () => {
  it('says how many providers the cluster holds and that choosing it zooms in', () => {
    expect(formatClusterLabel(12)).toBe('12 profesionales: acercar');
    expect(formatClusterLabel(1002)).toBe('1.002 profesionales: acercar');
  });
});
