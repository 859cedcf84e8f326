import { redemptionLimitOf, type ProductData, type Validity } from '@contract/catalogue';

/**
 * The live copy's rules that the till reads on every check and redeem, as the
 * products row keeps them in columns (decision 055): written when a copy goes live.
 */
export const liveColumns = (data: ProductData) => ({
  name: data.characteristics.name,
  pinRequired: data.information?.pinRequired ?? true,
  codePattern: data.information?.codePattern || null,
  pinPattern: data.information?.pinPattern || null,
  redemptionLimit: data.terms ? redemptionLimitOf(data.terms.multiUse) : null,
});

/** A perpetual certificate still needs a date in the not-null column: the last day the calendar type holds. */
export const PERPETUAL_UNTIL = new Date('9999-12-31T23:59:59.999Z');

/** When a certificate issued now stops being valid, by the terms' validity. */
export function expiryOf(validity: Validity, now: Date): Date {
  if (validity.kind === 'perpetual') return PERPETUAL_UNTIL;
  if (validity.kind === 'fixedDate') return new Date(`${validity.date}T23:59:59.999Z`);
  const result = new Date(now);
  result.setUTCMonth(result.getUTCMonth() + validity.months);
  return result;
}
