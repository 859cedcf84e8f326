import type { CompanyCapability } from '@contract/access';
import type { ApiKeyScope } from '@contract/api-keys';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { certificates, memberships, products, rateLimits, redemptions, sessions, suppliers, users } from '../../db/schema';
import type { CompanyKey, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { hmac, safeEqual } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { membershipColumns, rolesOf } from '../../lib/membership';
import { countEvent, extendWindow, windowOf, type Counter, type WindowState } from '../../lib/rate-limit';
import { confirmLogin, loginColumns } from '../auth';
import { auditedActor, type Actor, type Caller } from './actor';
import { recordFailedLookup } from './alerts';
import { counters, PIN_LOCK_MS, WRONG_PINS_PER_CERTIFICATE } from './limits';
import type { CertificateRow, HistoryEntry, ProductRow } from './view';

export const pinHash = (deps: Pick<Deps, 'keys'>, number: string, pin: string) => hmac(deps.keys.pins, `${number}:${pin}`);

export type Lookup = { found: true; certificate: CertificateRow; product: ProductRow } | { found: false; reason: 'incorrectPin' };

/** What a redemption's holder notice names of the company, read with the certificate. */
const companyColumns = { name: suppliers.name, country: suppliers.country, holderNotices: suppliers.holderNotices };
export type CompanyOfCertificate = Pick<typeof suppliers.$inferSelect, 'name' | 'country' | 'holderNotices'>;

/** The PIN's decision before any counter is read: a certificate without a PIN takes any. */
export const pinMatches = (deps: Pick<Deps, 'keys'>, certificate: CertificateRow, pin: string): boolean =>
  !certificate.pinHash || safeEqual(certificate.pinHash, pinHash(deps, certificate.number, pin));

/** JSON carries dates as text. */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

// Locked in countEvent's order (user, then certificate: "lookup-…" sorts before "pin-…" byte-wise), so a
// right PIN waits in the same line as the wrong ones being counted. Without failures there is no row to lock.
// Its own statement, after the read: a snapshot taken later sees the failures committed meanwhile.
const lockedCounters = prepared((db) =>
  db
    .select()
    .from(rateLimits)
    .where(inArray(rateLimits.key, [sql.placeholder('failedLookups'), sql.placeholder('wrongPins')]))
    .orderBy(sql`${rateLimits.key} COLLATE "C"`)
    .for('update')
    .prepare('lookup_counters_locked'),
);

const history = sql<Json<HistoryEntry>[]>`(
  SELECT coalesce(json_agg(entry ORDER BY entry."createdAt" DESC), '[]') FROM (
    SELECT ${redemptions.createdAt} AS "createdAt", ${redemptions.amount} AS amount, ${redemptions.transactionNumber} AS "transactionNumber"
    FROM ${redemptions}
    WHERE ${redemptions.certificateId} = ${certificates.id} AND ${redemptions.status} = 'success'
    ORDER BY ${desc(redemptions.createdAt)} LIMIT ${sql.placeholder('historyLimit')}
  ) entry)`;

/**
 * What a check or a redemption reads first, in one round trip: the token's
 * login, the caller's membership, the certificate with its product and history.
 * Nothing of it is answered before the login and the membership are confirmed;
 * the counters that may refuse a right PIN are read after it (`lookUp`).
 */
const tillRead = prepared((db) =>
  db
    .select({
      login: loginColumns,
      membership: membershipColumns,
      certificate: certificates,
      product: products,
      company: companyColumns,
      history,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.supplierId, sql.placeholder('supplierId'))))
    .leftJoin(
      certificates,
      and(eq(certificates.number, sql.placeholder('number')), eq(certificates.supplierId, sql.placeholder('supplierId'))),
    )
    .leftJoin(products, eq(products.id, certificates.productId))
    .leftJoin(suppliers, eq(suppliers.id, certificates.supplierId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('till_read'),
);

/** The same read for a company's key: the key was confirmed by its middleware; its company is the only one it names. */
const keyRead = prepared((db) =>
  db
    .select({ certificate: certificates, product: products, company: companyColumns, history })
    .from(certificates)
    .innerJoin(products, eq(products.id, certificates.productId))
    .innerJoin(suppliers, eq(suppliers.id, certificates.supplierId))
    .where(and(eq(certificates.number, sql.placeholder('number')), eq(certificates.supplierId, sql.placeholder('supplierId'))))
    .prepare('till_read_by_key'),
);

/** The scope a key needs for what a person needs a capability for (decision 093). */
const KEY_SCOPES: Partial<Record<CompanyCapability, ApiKeyScope>> = { checkCertificates: 'check', redeem: 'redeem' };

export interface TillRead {
  actor: Actor;
  supplierId: string;
  number: string;
  found: { certificate: CertificateRow; product: ProductRow; company: CompanyOfCertificate } | null;
  history: HistoryEntry[];
}

/**
 * Confirms the token's login and the membership (holding `capability`),
 * refusing as requireAuth and requireMembership do, and returns
 * what the lookup needs; `historyLimit` entries of the certificate's history.
 * A company key needs the scope that stands for `capability`, and reaches its own company only.
 */
export async function readTill(
  deps: Deps,
  caller: Caller,
  request: { supplierId: string; number: string },
  options: { capability: CompanyCapability; historyLimit: number },
): Promise<TillRead> {
  if ('key' in caller) return readByKey(deps, caller.key, request, options);
  const { claims } = caller;
  const [row] = await tillRead(deps.db).execute({
    sessionId: claims.sessionId,
    supplierId: request.supplierId,
    number: request.number,
    historyLimit: options.historyLimit,
  });
  const auth = confirmLogin(row?.login, claims);
  rolesOf(row!.membership, options.capability);
  const { certificate, product, company } = row!;
  return {
    actor: { userId: auth.userId, apiKeyId: null },
    supplierId: request.supplierId,
    number: request.number,
    found: certificate && product && company && { certificate, product, company },
    history: historyOfRow(row!.history),
  };
}

const historyOfRow = (history: Json<HistoryEntry>[]): HistoryEntry[] =>
  history.map((entry) => ({ ...entry, createdAt: new Date(entry.createdAt) }));

async function readByKey(
  deps: Deps,
  key: CompanyKey,
  request: { supplierId: string; number: string },
  options: { capability: CompanyCapability; historyLimit: number },
): Promise<TillRead> {
  const scope = KEY_SCOPES[options.capability];
  if (!scope || !key.scopes.includes(scope)) fail('API_KEY_SCOPE_MISSING');
  // Whatever company the request named, the key's own is read.
  const [row] = await keyRead(deps.db).execute({ supplierId: key.supplierId, number: request.number, historyLimit: options.historyLimit });
  return {
    actor: { userId: null, apiKeyId: key.id },
    supplierId: key.supplierId,
    number: request.number,
    found: row ? { certificate: row.certificate, product: row.product, company: row.company } : null,
    history: row ? historyOfRow(row.history) : [],
  };
}

const refuseIfExceeded = (states: WindowState[], failedLookups: Counter): void => {
  const refused = states.find((state) => state.exceeded);
  if (refused)
    fail(refused.key === failedLookups.key ? 'TOO_MANY_LOOKUPS' : 'CERTIFICATE_LOCKED', { retryAfterSeconds: refused.retryAfterSeconds });
};

/**
 * A number the company has not issued: counted against the actor's failed lookups (no walking the numbers), then
 * refused. One the throttle let through is a failed lookup of the company's (its audit entry, its alert counters).
 */
export async function unknownNumber(deps: Deps, actor: Actor, supplierId: string, number: string): Promise<never> {
  const now = deps.now();
  const failedLookups = counters.failedLookups(actor);
  refuseIfExceeded(await countEvent(deps.db, [failedLookups], now), failedLookups);
  await recordFailedLookup(deps, { actor, supplierId, certificate: null, number }, now);
  return fail('CERTIFICATE_NOT_FOUND');
}

/**
 * Decides a read certificate's PIN. Each answer is decided under the lock of
 * the counters that may refuse it, wrong PINs and unknown numbers by counting
 * them, right PINs by reading them: parallel requests
 * get the answers they would get one by one, and a right PIN no sooner than
 * the wrong ones sent with it. Only failures are counted: a busy till that
 * does real work counts nothing, and while nobody failed, locks nothing. A wrong PIN the throttle let through is a
 * failed lookup of the company's (its audit entry, its alert counters: decision 097).
 */
export async function lookUp(deps: Deps, read: TillRead, pin: string): Promise<Lookup> {
  const now = deps.now();
  const { actor, supplierId, number } = read;
  const failedLookups = counters.failedLookups(actor);
  if (!read.found) return unknownNumber(deps, actor, supplierId, number);

  const { certificate, product } = read.found;
  const wrongPins = counters.wrongPins(number);
  if (pinMatches(deps, certificate, pin)) {
    const locked = await lockedCounters(deps.db).execute({ failedLookups: failedLookups.key, wrongPins: wrongPins.key });
    const windowOfCounter = (counter: Counter) =>
      windowOf(
        locked.find((counted) => counted.key === counter.key),
        counter,
        now,
      );
    refuseIfExceeded([windowOfCounter(failedLookups), windowOfCounter(wrongPins)], failedLookups);
    return { found: true, certificate, product };
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
        ...auditedActor(actor),
        supplierId,
        certificateId: certificate.id,
        details: { wrongPins: wrong.count },
      },
      now,
    );
  }
  await recordFailedLookup(deps, { actor, supplierId, certificate: { id: certificate.id, number }, number }, now);
  return { found: false, reason: 'incorrectPin' };
}
