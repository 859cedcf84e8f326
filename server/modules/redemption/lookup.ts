import { and, eq, inArray, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { certificates, products, rateLimits } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { hmac, safeEqual } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { countEvent, extendWindow, windowOf, type Counter, type WindowState } from '../../lib/rate-limit';
import { counters, PIN_LOCK_MS, WRONG_PINS_PER_CERTIFICATE } from './limits';
import type { CertificateRow, ProductRow } from './view';

export const pinHash = (deps: Pick<Deps, 'keys'>, number: string, pin: string) => hmac(deps.keys.pins, `${number}:${pin}`);

export type Lookup = { found: true; certificate: CertificateRow; product: ProductRow } | { found: false; reason: 'incorrectPin' };

// The certificate with its product, and the two counters that may refuse a lookup: both run on every check and redeem.
const certificateOf = prepared((db) =>
  db
    .select({ certificate: certificates, product: products })
    .from(certificates)
    .innerJoin(products, eq(products.id, certificates.productId))
    .where(and(eq(certificates.number, sql.placeholder('number')), eq(certificates.supplierId, sql.placeholder('supplierId'))))
    .prepare('certificate_with_product'),
);
// Locked in countEvent's order (user, then certificate: "lookup-…" sorts before "pin-…" byte-wise), so a
// right PIN waits in the same line as the wrong ones being counted. Without failures there is no row to lock.
const lockedCounters = prepared((db) =>
  db
    .select()
    .from(rateLimits)
    .where(inArray(rateLimits.key, [sql.placeholder('failedLookups'), sql.placeholder('wrongPins')]))
    .orderBy(sql`${rateLimits.key} COLLATE "C"`)
    .for('update')
    .prepare('lookup_counters_locked'),
);

const refuseIfExceeded = (states: WindowState[], failedLookups: Counter): void => {
  const refused = states.find((state) => state.exceeded);
  if (refused)
    fail(refused.key === failedLookups.key ? 'TOO_MANY_LOOKUPS' : 'CERTIFICATE_LOCKED', { retryAfterSeconds: refused.retryAfterSeconds });
};

/**
 * Finds a certificate of the supplier and checks its PIN. Each answer is
 * decided under the lock of the counters that may refuse it, wrong PINs and
 * unknown numbers by counting them, right PINs by reading them: parallel
 * requests get the answers they would get one by one, and a right PIN no
 * sooner than the wrong ones sent with it. Only failures are counted: a busy
 * till that does real work counts nothing, and while nobody failed, locks nothing.
 */
export async function lookUp(deps: Deps, auth: AuthContext, supplierId: string, number: string, pin: string): Promise<Lookup> {
  const now = deps.now();
  const failedLookups = counters.failedLookups(auth.userId);
  const [row] = await certificateOf(deps.db).execute({ number, supplierId });
  if (!row) {
    refuseIfExceeded(await countEvent(deps.db, [failedLookups], now), failedLookups);
    return fail('CERTIFICATE_NOT_FOUND');
  }

  const wrongPins = counters.wrongPins(number);
  if (!row.certificate.pinHash || safeEqual(row.certificate.pinHash, pinHash(deps, number, pin))) {
    const locked = await lockedCounters(deps.db).execute({ failedLookups: failedLookups.key, wrongPins: wrongPins.key });
    const read = (counter: Counter) =>
      windowOf(
        locked.find((counted) => counted.key === counter.key),
        counter,
        now,
      );
    refuseIfExceeded([read(failedLookups), read(wrongPins)], failedLookups);
    return { found: true, ...row };
  }

  const counted = await countEvent(deps.db, [failedLookups, wrongPins], now);
  refuseIfExceeded(counted, failedLookups);
  const wrong = counted[1]!;
  // Exactly one request counts the wrong PIN that locks the certificate: it starts the lock.
  if (wrong.count === WRONG_PINS_PER_CERTIFICATE.max) {
    await extendWindow(deps.db, wrongPins.key, new Date(now.getTime() + PIN_LOCK_MS));
    await audit(
      deps.db,
      {
        action: 'certificate.locked',
        userId: auth.userId,
        supplierId,
        certificateId: row.certificate.id,
        details: { wrongPins: wrong.count },
      },
      now,
    );
  }
  return { found: false, reason: 'incorrectPin' };
}
