/**
 * Money at the till: integer minor units everywhere (5000 = 50.00). What people
 * type ("10", "10.5", "10,50", "1 000") is turned into minor units by string
 * arithmetic only, so no float ever touches an amount.
 */

import { FRACTION_DIGITS } from '@/ui/money';

/** Why a typed amount is refused; `TOO_MANY_DECIMALS` is the client's own, the others are contract codes. */
export type AmountError =
  'REQUIRED' | 'WRONG_TYPE' | 'VALUE_TOO_LARGE' | 'AMOUNT_TOO_SMALL' | 'AMOUNT_EXCEEDS_BALANCE' | 'TOO_MANY_DECIMALS';

export type AmountResult = { ok: true; minor: number } | { ok: false; error: AmountError };

/** Spaces people use as thousands separators, ordinary and the no-break ones Intl writes. */
const GROUP_SPACES = /[\s\u00a0\u202f']/g;

/** The amount typed → minor units; `balance` (minor units) caps it, as the server does. */
export function parseAmount(typed: string, balance?: number): AmountResult {
  const text = typed.replace(GROUP_SPACES, '');
  if (text === '') return { ok: false, error: 'REQUIRED' };
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, error: 'WRONG_TYPE' };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > FRACTION_DIGITS) return { ok: false, error: 'TOO_MANY_DECIMALS' };
  // 13 digits of whole units stay far inside Number.MAX_SAFE_INTEGER once multiplied by 100.
  if (whole.replace(/^0+/, '').length > 13) return { ok: false, error: 'VALUE_TOO_LARGE' };
  const minor = Number(`${whole || '0'}${fraction.padEnd(FRACTION_DIGITS, '0')}`);
  if (minor < 1) return { ok: false, error: 'AMOUNT_TOO_SMALL' };
  if (balance !== undefined && minor > balance) return { ok: false, error: 'AMOUNT_EXCEEDS_BALANCE' };
  return { ok: true, minor };
}
