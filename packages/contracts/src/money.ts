import { z } from 'zod';

// ---------------------------------------------------------------------------
// Money: integer centavos everywhere, written '$ 12.345,67'. No amount ever
// passes through a floating-point number on its way in or out.
// ---------------------------------------------------------------------------

/** The largest single amount (a fee, a unit's value): $ 21.474.836,47, what an integer column holds. */
export const MAX_CENTAVOS = 2_147_483_647;

/**
 * An amount as people write it in Argentina ('12.345,67', '12345,67',
 * '1500', '$ 1.500') or as a program does ('12345.67'), in centavos;
 * undefined when it is not one. A single dot followed by exactly one or two
 * digits is a decimal point; dots before groups of three digits are thousands.
 */
export function parseImporte(raw: string): number | undefined {
  const text = raw.trim().replace(/^\$\s*/, '');
  let whole: string;
  let cents = '';
  const comma = /^(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?$/.exec(text);
  const dot = /^(\d+)\.(\d{1,2})$/.exec(text);
  if (comma) {
    whole = comma[1]!.replaceAll('.', '');
    cents = comma[2] ?? '';
  } else if (dot) {
    whole = dot[1]!;
    cents = dot[2]!;
  } else return undefined;
  // Digits only from here: the amount is built from strings, never from a float.
  const centavos = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  return Number.isSafeInteger(centavos) && centavos <= MAX_CENTAVOS ? centavos : undefined;
}

/** Centavos as the screens write them: '$ 12.345,67'. */
export function formatImporte(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const whole = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}$ ${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** Centavos in a request or an answer: a whole number. */
export const centavosSchema = z.number().int().min(0).max(MAX_CENTAVOS);
