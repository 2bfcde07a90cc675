/**
 * Finding card numbers in OCR text, honestly: a number is answered only when its own check
 * digit proves it was read right — GB 11643 (ISO 7064 MOD 11-2) for the resident ID number,
 * Luhn for bank cards. OCR text of a Chinese card read with English data is noise around the
 * digits; the check digit is what separates a reading from a guess.
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

export function validIdNumber(id: string, today = new Date()): boolean {
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(id[i]), 0);
  if (ID_CHECK[sum % 11] !== id[17]) return false;
  const [y, m, d] = [id.slice(6, 10), id.slice(10, 12), id.slice(12, 14)].map(Number) as [
    number,
    number,
    number,
  ];
  const born = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 &&
    born.getUTCMonth() === m - 1 &&
    born.getUTCDate() === d &&
    born.getTime() <= today.getTime()
  );
}

/** Every valid ID number in the text: each 18-character window of each run of digits. */
export function idNumbersIn(text: string, today = new Date()): string[] {
  const runs = text.toUpperCase().match(/[\dX]{18,}/g) ?? [];
  const found = new Set<string>();
  for (const run of runs) {
    for (let i = 0; i + 18 <= run.length; i++) {
      const id = run.slice(i, i + 18);
      if (validIdNumber(id, today)) found.add(id);
    }
  }
  return [...found];
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card numbers (16–19 digits, printed in groups) on a line, Luhn-valid. */
export function bankCardNumbersIn(text: string): string[] {
  const found = new Set<string>();
  for (const line of text.split('\n')) {
    for (const group of line.match(/\d[\d ]{14,24}\d/g) ?? []) {
      const digits = group.replace(/ /g, '');
      if (digits.length >= 16 && digits.length <= 19 && luhnValid(digits)) found.add(digits);
    }
  }
  return [...found];
}
