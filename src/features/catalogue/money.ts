/**
 * Money in the catalogue's forms: the API counts integer minor units (100050),
 * people type major units in their own way ("1 000,50", "1,000.50", "1000.5").
 * Typed text becomes minor units by string arithmetic only, so no float ever
 * touches an amount. (The till has the same rules in features/redemption/money.ts.)
 */

/** Every currency of the regional variants (RUB, BYN, KZT, EUR) has two decimals. */
const FRACTION_DIGITS = 2;

/** Spaces people use as thousands separators, ordinary and the no-break ones Intl writes, and the Swiss apostrophe. */
const GROUP_SPACES = /[\s\u00a0\u202f']/g;

/** Why typed money is refused: nothing typed, or not an amount with at most two decimals. */
export type MoneyError = 'REQUIRED' | 'AMOUNT_FORMAT';
export type MoneyResult = { ok: true; minor: number } | { ok: false; error: MoneyError };

const decimalSeparator = (locale: string) =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/**
 * Typed major units → minor units. In a locale that writes "1,5" a comma is the
 * decimal mark and a dot one too when no comma is typed ("10.50"); in one that
 * writes "1.5" commas group thousands.
 */
export function parseMoney(typed: string, locale: string): MoneyResult {
  let text = typed.replace(GROUP_SPACES, '');
  if (text === '') return { ok: false, error: 'REQUIRED' };
  if (decimalSeparator(locale) === ',') {
    if (text.includes(',')) text = text.replaceAll('.', '').replace(',', '.');
  } else {
    text = text.replaceAll(',', '');
  }
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, error: 'AMOUNT_FORMAT' };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  // 13 digits of whole units stay far inside Number.MAX_SAFE_INTEGER once multiplied by 100.
  if (fraction.length > FRACTION_DIGITS || whole.replace(/^0+/, '').length > 13) return { ok: false, error: 'AMOUNT_FORMAT' };
  return { ok: true, minor: Number(`${whole || '0'}${fraction.padEnd(FRACTION_DIGITS, '0')}`) };
}

/** Minor units → an exact decimal string ("5000" → "50.00"). */
const toDecimalString = (minor: number): string => {
  const digits = String(Math.abs(Math.trunc(minor))).padStart(FRACTION_DIGITS + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -FRACTION_DIGITS)}.${digits.slice(-FRACTION_DIGITS)}`;
};

/** Minor units → the text a form shows for editing ("1 000,5" → typed back as it reads); whole amounts without decimals. */
export function moneyInput(minor: number, locale: string): string {
  const whole = minor % 100 === 0;
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: whole ? 0 : FRACTION_DIGITS,
    maximumFractionDigits: FRACTION_DIGITS,
  });
  return format.format(toDecimalString(minor) as unknown as number);
}

/** Minor units → text in the locale's currency format (Intl takes the exact decimal string, never a divided float). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: minor % 100 === 0 ? 0 : FRACTION_DIGITS,
    maximumFractionDigits: FRACTION_DIGITS,
  });
  return format.format(toDecimalString(minor) as unknown as number);
}
