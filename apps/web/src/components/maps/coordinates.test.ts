import { describe, expect, it } from 'vitest';
import {
  formatCoordinates,
  isSamePlace,
  NUDGE_DEGREES,
  nudgeCoordinates,
  parseCoordinates,
} from './coordinates.ts';

describe('parseCoordinates', () => {
  it('reads the stored numeric strings', () => {
    expect(parseCoordinates('-34.603700', '-58.381600')).toEqual({ lat: -34.6037, lng: -58.3816 });
    expect(parseCoordinates(' 0 ', '0')).toEqual({ lat: 0, lng: 0 });
  });

  it('gives no point when either is missing, blank or not a coordinate', () => {
    expect(parseCoordinates(null, '-58.3816')).toBeNull();
    expect(parseCoordinates('-34.6037', null)).toBeNull();
    expect(parseCoordinates('', '')).toBeNull();
    expect(parseCoordinates('  ', '-58.3816')).toBeNull();
    expect(parseCoordinates('abc', '-58.3816')).toBeNull();
    expect(parseCoordinates('91', '-58.3816')).toBeNull();
    expect(parseCoordinates('-34.6037', '-181')).toBeNull();
    expect(parseCoordinates('Infinity', '0')).toBeNull();
  });
});

describe('formatCoordinates', () => {
  it('writes 6 decimals', () => {
    expect(formatCoordinates({ lat: -34.6037, lng: -58.38161234 })).toEqual({
      lat: '-34.603700',
      long: '-58.381612',
    });
  });
});

describe('nudgeCoordinates', () => {
  const start = { lat: -34.6037, lng: -58.3816 };

  it('moves a few metres for each arrow key', () => {
    expect(formatCoordinates(nudgeCoordinates(start, 'ArrowUp')!)).toEqual({
      lat: '-34.603600',
      long: '-58.381600',
    });
    expect(formatCoordinates(nudgeCoordinates(start, 'ArrowDown')!)).toEqual({
      lat: '-34.603800',
      long: '-58.381600',
    });
    expect(formatCoordinates(nudgeCoordinates(start, 'ArrowRight')!)).toEqual({
      lat: '-34.603700',
      long: '-58.381500',
    });
    expect(formatCoordinates(nudgeCoordinates(start, 'ArrowLeft')!)).toEqual({
      lat: '-34.603700',
      long: '-58.381700',
    });
  });

  it('ignores other keys', () => {
    expect(nudgeCoordinates(start, 'Enter')).toBeNull();
    expect(nudgeCoordinates(start, 'constructor')).toBeNull();
  });

  it('stops at the pole', () => {
    expect(nudgeCoordinates({ lat: 90 - NUDGE_DEGREES / 2, lng: 0 }, 'ArrowUp')).toEqual({ lat: 90, lng: 0 });
  });
});

describe('isSamePlace', () => {
  it('treats points that store the same as one place', () => {
    expect(isSamePlace({ lat: -34.6037, lng: -58.3816 }, { lat: -34.6037002, lng: -58.3815998 })).toBe(true);
    expect(isSamePlace({ lat: -34.6037, lng: -58.3816 }, { lat: -34.6038, lng: -58.3816 })).toBe(false);
    expect(isSamePlace(null, null)).toBe(true);
    expect(isSamePlace(null, { lat: 0, lng: 0 })).toBe(false);
  });
});
