import { and, eq, inArray, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { certificates, products, rateLimits } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../http/errors';
import { audit } from '../../lib/audit';
import { hmac, safeEqual } from '../../lib/crypto';
import { hitLimit, openWindow } from '../../lib/rate-limit';
import { FAILED_LOOKUPS_PER_USER, keys, PIN_LOCK, WRONG_PINS_PER_CERTIFICATE } from './limits';
import type { CertificateRow, ProductRow } from './view';

export const pinHash = (deps: Pick<Deps, 'keys'>, number: string, pin: string) => hmac(deps.keys.pins, `${number}:${pin}`);

export type Lookup = { found: true; certificate: CertificateRow; product: ProductRow } | { found: false; reason: 'incorrectPin' };

// The two counters that may stop a lookup, and the certificate with its product: both run on every check and redeem.
const lookupCounters = prepared((db) =>
  db
    .select()
    .from(rateLimits)
    .where(inArray(rateLimits.key, [sql.placeholder('failedLookups'), sql.placeholder('pinLock')]))
    .prepare('lookup_counters'),
);
const certificateOf = prepared((db) =>
  db
    .select({ certificate: certificates, product: products })
    .from(certificates)
    .innerJoin(products, eq(products.id, certificates.productId))
    .where(and(eq(certificates.number, sql.placeholder('number')), eq(certificates.supplierId, sql.placeholder('supplierId'))))
    .prepare('certificate_with_product'),
);

/**
 * Finds a certificate of the supplier and checks its PIN. Only failures are
 * counted (per user, and wrong PINs per certificate), so a busy till that does
 * real work is never slowed.
 */
export async function lookUp(deps: Deps, auth: AuthContext, supplierId: string, number: string, pin: string): Promise<Lookup> {
  const now = deps.now();
  const failedLookupsKey = keys.failedLookups(auth.userId);
  const pinLockKey = keys.pinLock(number);
  const counters = await lookupCounters(deps.db).execute({ failedLookups: failedLookupsKey, pinLock: pinLockKey });
  const failedLookups = openWindow(counters.find((row) => row.key === failedLookupsKey), FAILED_LOOKUPS_PER_USER, now);
  const lock = openWindow(counters.find((row) => row.key === pinLockKey), PIN_LOCK, now);
  if (failedLookups.exceeded) fail('TOO_MANY_LOOKUPS', { retryAfterSeconds: failedLookups.retryAfterSeconds });

  const [row] = await certificateOf(deps.db).execute({ number, supplierId });
  if (!row) {
    await hitLimit(deps.db, failedLookupsKey, FAILED_LOOKUPS_PER_USER, now);
    return fail('CERTIFICATE_NOT_FOUND');
  }
  if (!row.certificate.pinHash) return { found: true, ...row };

  if (lock.exceeded) fail('CERTIFICATE_LOCKED', { retryAfterSeconds: lock.retryAfterSeconds });
  if (safeEqual(row.certificate.pinHash, pinHash(deps, number, pin))) return { found: true, ...row };

  await hitLimit(deps.db, failedLookupsKey, FAILED_LOOKUPS_PER_USER, now);
  const wrong = await hitLimit(deps.db, keys.wrongPins(number), WRONG_PINS_PER_CERTIFICATE, now);
  if (wrong.count === WRONG_PINS_PER_CERTIFICATE.max) {
    await hitLimit(deps.db, pinLockKey, PIN_LOCK, now);
    await audit(deps.db, { action: 'certificate.locked', userId: auth.userId, supplierId, certificateId: row.certificate.id, details: { wrongPins: wrong.count } }, now);
  }
  return { found: false, reason: 'incorrectPin' };
}
