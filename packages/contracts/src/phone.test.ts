import { describe, expect, it } from 'vitest';
import { isValidPhone } from './plain.ts';

describe('a phone looks like a phone', () => {
  it.each([
    '011 4321-5678',
    '+54 9 11 5834-2290',
    '(0341) 456-7890',
    '0800-222-4662',
    '0800-222-4662 int. 12',
    '011 4510-4000 interno 230',
    '03493 42.8500',
    '11/5834/2290',
    '  0221 429-8600  ',
  ])('takes %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    ['a name', 'Juan Pérez'],
    ['a note beside the number', '011 4321-5678 (mañana)'],
    ['letters in the number', '011 43ab-5678'],
    ['an e-mail', 'info@osde.com.ar'],
    ['too few digits', '4321'],
    ['more than an international number has', '+54 9 11 5834 2290 1234'],
    ['punctuation alone', '---'],
    ['a plus inside', '011+4321-5678'],
  ])('refuses %s', (_, phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});
