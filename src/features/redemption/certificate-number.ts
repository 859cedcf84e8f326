import { isLuhnValid } from '@contract/luhn';
import { normalizeCertificateNumber } from '@contract/redemption';

/** Numbers the platform issues: 16 digits, the last one a Luhn check digit. */
export const PLATFORM_NUMBER_LENGTH = 16;

/**
 * How a typed number looks, checked on every keystroke before any request:
 * - `empty`, `incomplete` (digits, fewer than 16): nothing to say yet;
 * - `valid` / `invalid`: 16 digits whose check digit matches or not;
 * - `other`: longer, or with letters: a provider's own code, which has no check digit and is never blocked.
 */
export type NumberState = 'empty' | 'incomplete' | 'valid' | 'invalid' | 'other';

export function numberState(typed: string): NumberState {
  const number = normalizeCertificateNumber(typed);
  if (number === '') return 'empty';
  if (!/^\d+$/.test(number) || number.length > PLATFORM_NUMBER_LENGTH) return 'other';
  if (number.length < PLATFORM_NUMBER_LENGTH) return 'incomplete';
  return isLuhnValid(number) ? 'valid' : 'invalid';
}

/** A check may be sent for anything but an empty field or a platform number with a wrong check digit. */
export const canCheckNumber = (state: NumberState): boolean => state !== 'empty' && state !== 'invalid';

/**
 * A number as people read it off the paper: digits in groups of four
 * ("7000 0000 0000 0013"). Display only: what is typed and sent stays the
 * normalised number. A code with letters keeps its own shape.
 */
export function groupCertificateNumber(number: string): string {
  const normalised = normalizeCertificateNumber(number);
  return /^\d+$/.test(normalised) ? (normalised.match(/.{1,4}/g) ?? []).join(' ') : normalised;
}
