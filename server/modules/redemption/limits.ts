import type { Limit } from '../../lib/rate-limit';

/** Failed lookups (unknown number, wrong PIN) per user: nobody can walk the number space. */
export const FAILED_LOOKUPS_PER_USER: Limit = { max: 30, windowMs: 10 * 60_000 };
/** Wrong PINs per certificate before it locks. */
export const WRONG_PINS_PER_CERTIFICATE: Limit = { max: 5, windowMs: 15 * 60_000 };
/** How long a locked certificate stays locked. */
export const PIN_LOCK: Limit = { max: 1, windowMs: 15 * 60_000 };

export const keys = {
  failedLookups: (userId: string) => `lookup-fail:user:${userId}`,
  // By number (unique across suppliers), so the lock can be read before the certificate is.
  wrongPins: (number: string) => `pin-fail:certificate:${number}`,
  pinLock: (number: string) => `pin-lock:certificate:${number}`,
};
