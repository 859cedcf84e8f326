/**
 * The till's amount: the shared reading of typed money (decision 83) with the server's own rules on top, so a
 * refusal is shown before any request and in the server's words.
 */

import { parseMoney, type MoneyError, type MoneyResult } from '@contract/money';

export type AmountError = MoneyError | 'AMOUNT_TOO_SMALL' | 'AMOUNT_EXCEEDS_BALANCE';

/** The amount typed → minor units: at least one, and at most `balance` (minor units) when given. */
export function parseAmount(typed: string, balance?: number): MoneyResult<AmountError> {
  const parsed = parseMoney(typed);
  if (!parsed.ok) return parsed;
  if (parsed.minor < 1) return { ok: false, error: 'AMOUNT_TOO_SMALL' };
  if (balance !== undefined && parsed.minor > balance) return { ok: false, error: 'AMOUNT_EXCEEDS_BALANCE' };
  return parsed;
}
