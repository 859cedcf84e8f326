/** Every currency of the regional variants (RUB, BYN, KZT, EUR) has two decimals; the API counts hundredths. */
export const FRACTION_DIGITS = 2;

/** Minor units → an exact decimal string ("5000" → "50.00", "-5" → "-0.05"). */
export const toDecimalString = (minor: number): string => {
  const digits = String(Math.abs(Math.trunc(minor))).padStart(FRACTION_DIGITS + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -FRACTION_DIGITS)}.${digits.slice(-FRACTION_DIGITS)}`;
};

/**
 * Minor units → text in the locale's currency format, for figures and reports.
 * Intl takes the exact decimal string (Intl.NumberFormat v3), so an amount is
 * never divided as a float.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: FRACTION_DIGITS,
    maximumFractionDigits: FRACTION_DIGITS,
  });
  return format.format(toDecimalString(minor) as unknown as number);
}

/** Minor units → a short label for a chart's axis ("12 тыс. ₽", "€1.2K"). */
export function formatMoneyCompact(minor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  return format.format(toDecimalString(minor) as unknown as number);
}
