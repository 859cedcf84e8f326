import { LOCALES } from '@contract/enums';
import { intlTag } from '@contract/locale-choice';
import { formatMoney, moneyInput, parseMoney, toDecimalString, type MoneyResult } from '@contract/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount, type AmountError } from '@/features/redemption/money';

/**
 * Decision 83: one reading of typed money and one formatter, whatever the interface's language. The tags are the
 * ones Intl gets for the six languages (kk-KZ for kz-KZ), and the Russian ones a browser without Kazakh or Belarusian
 * figures falls back to (src/lib/locale.ts).
 */
const TAGS = [...LOCALES.map(intlTag), 'ru-KZ', 'ru-BY'];
const CURRENCIES = ['RUB', 'BYN', 'KZT', 'EUR'];

/** Up to 13 whole digits, the most an amount may have. */
const amount = fc.integer({ min: 0, max: 999_999_999_999_999 });

/** The till reads a text as the catalogue does, then applies the server's rules: more than nothing, at most the balance. */
const tillReading = (text: string, balance?: number): MoneyResult<AmountError> => {
  const shared = parseMoney(text);
  if (!shared.ok) return shared;
  if (shared.minor < 1) return { ok: false, error: 'AMOUNT_TOO_SMALL' };
  return balance !== undefined && shared.minor > balance ? { ok: false, error: 'AMOUNT_EXCEEDS_BALANCE' } : shared;
};

describe('parseMoney: typed major units → minor units, one rule in every language', () => {
  it.each([
    ['10', 1000],
    ['10,5', 1050],
    ['10.5', 1050],
    ['10,50', 1050],
    ['0.01', 1],
    [',5', 50],
    ['10.', 1000],
    ['0,00', 0],
    [' 007 ', 700],
    ['19.99', 1999],
    ['1000,50', 100050],
    ['1 000,50', 100050],
    ['1\u00a0000,5', 100050],
    ['1\u202f234.5', 123450],
    ["1'000.50", 100050],
    ['1’000', 100000],
    ['1.000,50', 100050],
    ['1,000.50', 100050],
    ['1,000', 100000],
    ['1.000', 100000],
    ['10.505', 1050500],
    ['12.345.678,9', 1234567890],
    ['1,234,567', 123456700],
    ['1 000 000', 100000000],
    ['9999999999999.99', 999999999999999],
  ])('%j → %d', (typed, minor) => {
    expect(parseMoney(typed)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'REQUIRED'],
    ['  \u00a0', 'REQUIRED'],
    ['abc', 'AMOUNT_FORMAT'],
    ['20 руб', 'AMOUNT_FORMAT'],
    ['.', 'AMOUNT_FORMAT'],
    [',', 'AMOUNT_FORMAT'],
    ['-5', 'AMOUNT_FORMAT'],
    ['+5', 'AMOUNT_FORMAT'],
    ['1e3', 'AMOUNT_FORMAT'],
    ['1.2.3', 'AMOUNT_FORMAT'],
    // one mark both groups and divides
    ['1,000,5', 'AMOUNT_FORMAT'],
    ['1.000.50', 'AMOUNT_FORMAT'],
    // two kinds of group mark, or a group that is not three digits
    ['1,000 000', 'AMOUNT_FORMAT'],
    ['1 000.000', 'AMOUNT_FORMAT'],
    ['10 00', 'AMOUNT_FORMAT'],
    ['1  000', 'AMOUNT_FORMAT'],
    ['1234,567', 'AMOUNT_FORMAT'],
    ['1,0000', 'AMOUNT_FORMAT'],
    ['10.5055', 'AMOUNT_FORMAT'],
    // no group starts with a zero: this is three decimals
    ['0.505', 'AMOUNT_FORMAT'],
    [',505', 'AMOUNT_FORMAT'],
    ['99999999999999', 'VALUE_TOO_LARGE'],
    ['99 999 999 999 999,00', 'VALUE_TOO_LARGE'],
  ])('%j is refused with %s', (typed, error) => {
    expect(parseMoney(typed)).toEqual({ ok: false, error });
  });

  it('is exact where floats are not (0.29 * 100 = 28.999…)', () => {
    expect(parseMoney('0.29')).toEqual({ ok: true, minor: 29 });
    expect(parseMoney('4,35')).toEqual({ ok: true, minor: 435 });
    expect(parseMoney('1 234 567 890 123,45')).toEqual({ ok: true, minor: 123456789012345 });
  });

  it('reads an amount written with any group mark and either decimal mark, when they differ', () => {
    const marks = fc.constantFrom('', ' ', '\u00a0', '\u202f', "'", '’', '.', ',');
    fc.assert(
      fc.property(amount, marks, fc.constantFrom('.', ','), fc.boolean(), (minor, group, decimal, fullCents) => {
        fc.pre(group !== decimal);
        const [whole, cents] = toDecimalString(minor).split('.') as [string, string];
        const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
        const fraction = cents === '00' ? '' : fullCents || !cents.endsWith('0') ? cents : cents[0]!;
        expect(parseMoney(fraction ? `${grouped}${decimal}${fraction}` : grouped)).toEqual({ ok: true, minor });
      }),
    );
  });

  it('refuses a mark that both groups and divides, and a decimal part of three digits or more after a decimal mark', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 999_999_999 }),
        fc.constantFrom('.', ','),
        fc.integer({ min: 0, max: 99 }),
        (whole, mark, cents) => {
          const grouped = String(whole).replace(/\B(?=(\d{3})+$)/g, mark);
          expect(parseMoney(`${grouped}${mark}${cents}`)).toEqual({ ok: false, error: 'AMOUNT_FORMAT' });
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.constantFrom('.', ','), fc.stringMatching(/^\d{4,6}$/), (whole, mark, tail) => {
        expect(parseMoney(`${whole}${mark}${tail}`)).toEqual({ ok: false, error: 'AMOUNT_FORMAT' });
      }),
    );
  });

  it('reads a mark before exactly three digits as a group: "1,000" and "1.000" are a thousand, never one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom('.', ','), (head, tail, mark) => {
        const text = `${head}${mark}${String(tail).padStart(3, '0')}`;
        expect(parseMoney(text)).toEqual({ ok: true, minor: (head * 1000 + tail) * 100 });
      }),
    );
  });
});

describe('format then parse: the same minor units in every language', () => {
  it.each(TAGS)('%s: what a field shows, and what a screen shows without its currency', (tag) => {
    fc.assert(
      fc.property(amount, fc.constantFrom(...CURRENCIES), (minor, currency) => {
        expect(parseMoney(moneyInput(minor, tag))).toEqual({ ok: true, minor });
        for (const style of ['exact', 'price'] as const) {
          // The number as shown, its currency ("₽", "Br", "RUB", "€") taken away.
          const shown = formatMoney(minor, currency, tag, style).replace(/[^\d\s.,']/g, '');
          expect(parseMoney(shown), `${tag} ${style} ${shown}`).toEqual({ ok: true, minor });
        }
      }),
    );
  });
});

describe('the same text, the same amount on every screen, or the same refusal', () => {
  /** Texts people type and paste: digits, every mark, and what is no amount. */
  const typed = fc.oneof(
    fc.string({ unit: fc.constantFrom(...'0123456789', '.', ',', ' ', '\u00a0', '\u202f', "'", '-', 'e', '₽'), maxLength: 20 }),
    amount.chain((minor) => fc.constantFrom(...TAGS).map((tag) => moneyInput(minor, tag))),
  );

  it('the till (parseAmount) reads what the catalogue (parseMoney) reads, and adds only its own rules', () => {
    fc.assert(
      fc.property(typed, fc.option(fc.integer({ min: 0, max: 999_999_999_999_999 }), { nil: undefined }), (text, balance) => {
        expect(parseAmount(text, balance)).toEqual(tillReading(text, balance));
      }),
    );
  });

  it.each([
    ['10,5', 1050],
    ['1 000,50', 100050],
    ['1,000.50', 100050],
    ['1.000,50', 100050],
  ])('%j is %d at the till and in the catalogue', (text, minor) => {
    expect(parseAmount(text)).toEqual({ ok: true, minor });
    expect(parseMoney(text)).toEqual({ ok: true, minor });
  });

  it('the till refuses nothing and more than the balance in the server’s words, and takes the balance exactly', () => {
    expect(parseAmount('0')).toEqual({ ok: false, error: 'AMOUNT_TOO_SMALL' });
    expect(parseAmount('0,00')).toEqual({ ok: false, error: 'AMOUNT_TOO_SMALL' });
    expect(parseAmount('50.01', 5000)).toEqual({ ok: false, error: 'AMOUNT_EXCEEDS_BALANCE' });
    expect(parseAmount('50', 5000)).toEqual({ ok: true, minor: 5000 });
    expect(parseAmount('1,000,5', 5000)).toEqual({ ok: false, error: 'AMOUNT_FORMAT' });
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

  it('writes an amount of account with both decimals, a price without them when whole, a chart label short', () => {
    expect(formatMoney(500000, 'RUB', 'en-US')).toBe('RUB\u00a05,000.00');
    expect(formatMoney(180000, 'RUB', 'ru-RU')).toBe('1\u00a0800,00\u00a0₽');
    expect(formatMoney(1999, 'EUR', 'es-ES')).toBe('19,99\u00a0€');
    expect(formatMoney(500000, 'EUR', 'en-US', 'price')).toBe('€5,000');
    expect(formatMoney(100050, 'RUB', 'ru-RU', 'price')).toBe('1\u00a0000,50\u00a0₽');
    expect(formatMoney(1234567, 'RUB', 'ru-RU', 'compact')).toBe('12,3\u00a0тыс.\u00a0₽');
    expect(moneyInput(250000, 'ru-RU')).toBe('2\u00a0500');
    expect(moneyInput(100050, 'en-US')).toBe('1,000.50');
  });

  it('never divides: the largest amounts keep every digit', () => {
    expect(formatMoney(999_999_999_999_999, 'EUR', 'en-US')).toBe('€9,999,999,999,999.99');
  });
});
