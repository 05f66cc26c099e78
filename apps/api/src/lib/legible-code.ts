import { randomInt } from 'node:crypto';

/** The characters nobody mistakes for another: no 0/O, 1/I/L, so a code read aloud or copied by hand is itself. */
export const LEGIBLE = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Random groups of those characters joined by dashes: `legibleCode(4, 4)` is 'K7M2-9QXP'. */
export const legibleCode = (...groups: number[]) =>
  groups.map((length) => Array.from({ length }, () => LEGIBLE[randomInt(LEGIBLE.length)]).join('')).join('-');
