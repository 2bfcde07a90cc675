import { describe, expect, it } from 'vitest';
import { bankCardNumbersIn, idNumbersIn, luhnValid, validIdNumber } from './numbers.ts';

const today = new Date('2026-11-26T00:00:00Z');

describe('ID numbers', () => {
  it('accepts a number whose check digit and birth date hold', () => {
    expect(validIdNumber('110108201205030012', today)).toBe(true);
    expect(validIdNumber('11010519491231002X', today)).toBe(true);
  });

  it('refuses a wrong check digit, an impossible date, a future birth', () => {
    expect(validIdNumber('110108201205030013', today)).toBe(false);
    expect(validIdNumber('110108201302300010', today)).toBe(false);
    expect(validIdNumber('110108203001010016', today)).toBe(false);
  });

  it('finds the number inside OCR noise, and nothing in noise alone', () => {
    // What tesseract's English data made of a synthetic card
    // (docs/decisions/courses-and-content.md, "OCR, measured").
    const text = 'E47 KINI\n\nH4E 201245 A 3H\nNEEHSEE8110108201205030012\n';
    expect(idNumbersIn(text, today)).toEqual(['110108201205030012']);
    expect(idNumbersIn('HA G/N 20124 5 A 3H 1101082012050300', today)).toEqual([]);
  });
});

describe('bank card numbers', () => {
  it('reads a grouped number that passes Luhn', () => {
    expect(luhnValid('6222021234567890128')).toBe(true);
    expect(bankCardNumbersIn('RBIRAT EIB\n6222 0212 3456 7890 128\nZHANG\n')).toEqual([
      '6222021234567890128',
    ]);
  });

  it('refuses one misread digit', () => {
    expect(bankCardNumbersIn('6222 0212 3456 7890 129')).toEqual([]);
  });
});
