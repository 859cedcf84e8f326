/**
 * Money as people type and read it, the same on every screen and in every file the server writes (decision 83). The
 * API counts integer minor units (100050 = 1 000.50); text becomes minor units by string arithmetic, and Intl is given
 * exact decimal strings, so no float ever touches an amount.
 */
import type { ErrorCode } from './errors';

/** Every currency of the regional variants (RUB, BYN, KZT, EUR) has two decimals. */
const FRACTION_DIGITS = 2;
/** 13 whole digits stay far inside Number.MAX_SAFE_INTEGER once multiplied by 100. */
const WHOLE_DIGITS = 13;

/** Why typed money is refused: nothing typed, not an amount, or more than 13 whole digits. */
export type MoneyError = Extract<ErrorCode, 'REQUIRED' | 'AMOUNT_FORMAT' | 'VALUE_TOO_LARGE'>;
export type MoneyResult<Error extends ErrorCode = MoneyError> = { ok: true; minor: number } | { ok: false; error: Error };

/**
 * The one reading, whatever the interface's language: plain digits, or groups of three after a first group of one to
 * three (no leading zero) split by one kind of mark (a space of any width, an apostrophe, "." or ","); then maybe a
 * decimal mark, "." or "," but not the groups' mark, with at most two digits. So a mark before exactly three digits
 * groups ("1,000" and "1.000" are a thousand: no amount has three decimals) and one before one or two digits is the
 * decimal mark ("10,5" and "10.5" are ten and a half). Spaces and apostrophes are made " " and "'" first.
 */
const AMOUNT = /^(?:(\d*)|([1-9]\d{0,2}([ '.,])\d{3}(?:\3\d{3})*))(?:([.,])(\d{0,2}))?$/;

/** Typed major units → minor units ("1 000,50", "1.000,50", "1,000.50" → 100050), or a coded refusal. */
export function parseMoney(typed: string): MoneyResult {
  const text = typed.trim().replace(/\s/g, ' ').replace(/’/g, "'");
  if (text === '') return { ok: false, error: 'REQUIRED' };
  const match = AMOUNT.exec(text);
  const [, plain, grouped, group, decimal, fraction = ''] = match ?? [];
  // "1,000,5" groups and divides with one mark; "," alone has no digits.
  if (!match || (group !== undefined && group === decimal) || (plain === '' && fraction === ''))
    return { ok: false, error: 'AMOUNT_FORMAT' };
  const whole = (plain ?? grouped!.replaceAll(group!, '')).replace(/^0+/, '');
  if (whole.length > WHOLE_DIGITS) return { ok: false, error: 'VALUE_TOO_LARGE' };
  return { ok: true, minor: Number(whole + fraction.padEnd(FRACTION_DIGITS, '0')) };
}

/** Minor units → an exact decimal string ("5000" → "50.00", "-5" → "-0.05"): what Intl is given instead of a float. */
export const toDecimalString = (minor: number): `${number}` => {
  const digits = String(Math.abs(Math.trunc(minor))).padStart(FRACTION_DIGITS + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -FRACTION_DIGITS)}.${digits.slice(-FRACTION_DIGITS)}` as `${number}`;
};

/**
 * How an amount reads: `exact` always with both decimals (balances, redemptions, reports, figures); `price` as a buyer
 * reads a denomination, a whole amount without decimals ("1 000 ₽", "1 000,50 ₽": catalogue, widgets, posters);
 * `compact` short, for a chart's axis ("12 тыс. ₽").
 */
export type MoneyStyle = 'exact' | 'price' | 'compact';

const numberText = (minor: number, locale: string, style: MoneyStyle, options?: Intl.NumberFormatOptions) => {
  const digits: Intl.NumberFormatOptions =
    style === 'compact'
      ? { notation: 'compact', maximumFractionDigits: 1 }
      : { minimumFractionDigits: style === 'price' && minor % 100 === 0 ? 0 : FRACTION_DIGITS, maximumFractionDigits: FRACTION_DIGITS };
  return new Intl.NumberFormat(locale, { ...options, ...digits }).format(toDecimalString(minor));
};

/** Minor units → text in the locale's currency format. */
export const formatMoney = (minor: number, currency: string, locale: string, style: MoneyStyle = 'exact'): string =>
  numberText(minor, locale, style, { style: 'currency', currency });

/** Minor units → what a field shows to edit ("1 000,5" reads back as typed): a price without its currency. */
export const moneyInput = (minor: number, locale: string): string => numberText(minor, locale, 'price');

/**
 * Several prices in a row, as lists show a product's amounts: "1 000 ₽ / 3 000,50 ₽ / 5 000 ₽" (a comma between them
 * would read as the decimal comma of most of the portal's languages).
 */
export const formatPriceList = (amounts: readonly number[], currency: string, locale: string): string =>
  amounts.map((amount) => formatMoney(amount, currency, locale, 'price')).join(' / ');
