import { describe, expect, it } from 'vitest';
import { formatImporte, MAX_CENTAVOS, parseImporte } from './money.ts';

describe('money in centavos', () => {
  it.each([
    ['12.345,67', 1234567],
    ['12345,67', 1234567],
    ['12345.67', 1234567],
    ['$ 1.500', 150000],
    ['1.500,5', 150050],
    ['0,01', 1],
    ['1500', 150000],
  ])('reads %s as people write it', (raw, centavos) => {
    expect(parseImporte(raw)).toBe(centavos);
  });

  it.each(['', 'cien', '1,234', '12.34.5', '-5', '1.5000', '21.474.836,48'])('refuses %s', (raw) => {
    expect(parseImporte(raw)).toBeUndefined();
  });

  it('writes $ 12.345,67 and reads back what it wrote', () => {
    expect(formatImporte(1234567)).toBe('$ 12.345,67');
    expect(formatImporte(5)).toBe('$ 0,05');
    expect(parseImporte(formatImporte(MAX_CENTAVOS))).toBe(MAX_CENTAVOS);
  });

  it('sums 100,000 random fees to the centavo, as integers and as exact decimals alike', () => {
    // A fixed generator, so the run is the same every time.
    let seed = 20261206;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    let centavos = 0;
    let exact = 0n;
    for (let i = 0; i < 100_000; i++) {
      const written = formatImporte(next() % 5_000_000);
      centavos += parseImporte(written)!;
      // The same amount read digit by digit, with no number type in between.
      exact += BigInt(written.replace(/[^\d]/g, ''));
    }
    expect(BigInt(centavos)).toBe(exact);
    expect(Number.isSafeInteger(centavos)).toBe(true);
  });
});
