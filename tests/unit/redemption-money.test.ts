import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '@/features/redemption/money';
import { formatMoney, toDecimalString } from '@/ui/money';

describe('parseAmount: what people type → integer minor units', () => {
  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['10,50', 1050],
    ['0.01', 1],
    [',5', 50],
    ['10.', 1000],
    ['1 000,25', 100025],
    ['1\u00a0000', 100000],
    ['1\u202f234.5', 123450],
    [' 007 ', 700],
    ['0.1', 10],
    ['19.99', 1999],
  ])('%j → %d', (typed, minor) => {
    expect(parseAmount(typed)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'REQUIRED'],
    ['   ', 'REQUIRED'],
    ['abc', 'WRONG_TYPE'],
    ['.', 'WRONG_TYPE'],
    ['-5', 'WRONG_TYPE'],
    ['1e3', 'WRONG_TYPE'],
    ['1.2.3', 'WRONG_TYPE'],
    ['1,000.50', 'WRONG_TYPE'],
    ['10.505', 'TOO_MANY_DECIMALS'],
    ['1,000', 'TOO_MANY_DECIMALS'],
    ['0', 'AMOUNT_TOO_SMALL'],
    ['0,00', 'AMOUNT_TOO_SMALL'],
    ['99999999999999', 'VALUE_TOO_LARGE'],
  ])('%j is refused with %s', (typed, error) => {
    expect(parseAmount(typed)).toEqual({ ok: false, error });
  });

  it('refuses more than the balance with the server’s code, and takes the balance exactly', () => {
    expect(parseAmount('50.01', 5000)).toEqual({ ok: false, error: 'AMOUNT_EXCEEDS_BALANCE' });
    expect(parseAmount('50', 5000)).toEqual({ ok: true, minor: 5000 });
  });

  it('is exact where floats are not (0.29 * 100 = 28.999…)', () => {
    expect(parseAmount('0.29')).toEqual({ ok: true, minor: 29 });
    expect(parseAmount('1.005'.slice(0, 4))).toEqual({ ok: true, minor: 100 });
    expect(parseAmount('4.35')).toEqual({ ok: true, minor: 435 });
  });

  it('round-trips every amount written with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.boolean(), (minor, comma) => {
        const text = comma ? toDecimalString(minor).replace('.', ',') : toDecimalString(minor);
        expect(parseAmount(text)).toEqual({ ok: true, minor });
      }),
    );
  });
});

describe('toDecimalString and formatMoney', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [5000, '50.00'],
    [123456789, '1234567.89'],
    [-5, '-0.05'],
  ])('%d → %s', (minor, text) => {
    expect(toDecimalString(minor)).toBe(text);
  });

  it('formats in the locale and currency', () => {
    expect(formatMoney(500000, 'RUB', 'en-US')).toBe('RUB\u00a05,000.00');
    expect(formatMoney(180000, 'RUB', 'ru-RU')).toBe('1\u00a0800,00\u00a0₽');
    expect(formatMoney(1999, 'EUR', 'es-ES')).toBe('19,99\u00a0€');
  });
});
