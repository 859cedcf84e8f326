import type { Counter, Limit } from '../../lib/rate-limit';
import type { Actor } from './actor';

/** Failed lookups (unknown number, wrong PIN) per user: nobody can walk the number space. */
export const FAILED_LOOKUPS_PER_USER: Limit = { max: 30, windowMs: 10 * 60_000 };
/** Wrong PINs per certificate before it locks. */
export const WRONG_PINS_PER_CERTIFICATE: Limit = { max: 5, windowMs: 15 * 60_000 };
/** How long a certificate stays locked after the wrong PIN that locked it. */
export const PIN_LOCK_MS = 15 * 60_000;

export const counters = {
  // Per person, or per company API key (decision 093): the same limit for a register as for a till.
  failedLookups: (actor: Actor): Counter => ({
    key: actor.userId ? `lookup-fail:user:${actor.userId}` : `lookup-fail:key:${actor.apiKeyId}`,
    limit: FAILED_LOOKUPS_PER_USER,
  }),
  // By number (unique across suppliers), the same whichever company asks.
  wrongPins: (number: string): Counter => ({ key: `pin-fail:certificate:${number}`, limit: WRONG_PINS_PER_CERTIFICATE }),
};
