import type { Db } from './db/client';
import type { Deps } from './deps';
import { deleteEndedWindows } from './lib/rate-limit';
import { repeatEvery, type Repeating } from './lib/repeating';
import { deleteOldCodes } from './modules/auth';
import { deleteOldDeliveries } from './modules/webhooks';

/** Expired rows wait at most this long: the shortest windows are a minute, the longest an hour. */
export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/**
 * Deletes rows that mean nothing any more: limit windows that have ended,
 * codes a day past their expiry (those of made-up addresses too), and webhook
 * deliveries done a month ago, so none piles up however many requests come.
 */
export async function deleteExpired(db: Db, now: Date): Promise<{ rateLimits: number; emailCodes: number; webhookDeliveries: number }> {
  return {
    rateLimits: await deleteEndedWindows(db, now),
    emailCodes: await deleteOldCodes(db, now),
    webhookDeliveries: await deleteOldDeliveries(db, now),
  };
}

/** Runs deleteExpired every `everyMs`; a failed run is logged and the next one tries again. */
export function startHousekeeping(deps: Pick<Deps, 'db' | 'log' | 'now'>, everyMs = HOUSEKEEPING_EVERY_MS): Repeating {
  return repeatEvery(deps.log, 'housekeeping', everyMs, async () => {
    const deleted = await deleteExpired(deps.db, deps.now());
    if (deleted.rateLimits + deleted.emailCodes + deleted.webhookDeliveries > 0) deps.log.info('expired rows deleted', deleted);
  });
}
