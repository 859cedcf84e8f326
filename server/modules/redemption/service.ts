import { rolesAllow } from '@contract/access';
import type {
  CertificateView,
  checkBody,
  historyQuery,
  redeemBody,
  RedeemResult,
  RedemptionHistory,
  supplierQuery,
  TillSettings,
} from '@contract/schemas/redemption';
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Tx } from '../../db/client';
import { certificates, products, redemptions } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { idempotent, requestHashOf, type Answer, type StoredAnswer } from '../../lib/idempotency';
import { requireMembership } from '../../lib/membership';
import { companyOf, resolvePeriod, withinPeriod } from '../analytics';
import { keyOwnerOf, type Actor, type Caller } from './actor';
import { ledgerPage } from './ledger';
import { lookUp, pinMatches, readTill } from './lookup';
import { checkFormat, numberAsIssued, numericCodes } from './rules';
import { answerOfStored, redeemed, spend } from './spend';
import { certificateView, HISTORY_LIMIT, historyOf } from './view';

/**
 * `caller`: a verified token whose login the first read confirms (`requireToken`), or a company's API key, whose
 * company is the one read whatever the body names (decision 093).
 */
export async function check(deps: Deps, caller: Caller, given: v.InferOutput<typeof checkBody>): Promise<CertificateView> {
  const body = { ...given, number: await numberAsIssued(deps, given.supplierId, given.number) };
  const read = await readTill(deps, caller, body, { capability: 'checkCertificates', historyLimit: HISTORY_LIMIT });
  await checkFormat(deps, body.supplierId, body.number, body.pin);
  const found = await lookUp(deps, read, body.pin);
  if (!found.found) return { status: 'incorrectPin', number: body.number };
  return certificateView(found.certificate, found.product, read.history, deps.now());
}

/**
 * `caller`: as for `check`. A certificate read and a PIN that needs no counting are redeemed in one call after the
 * read (decision 101): the key, the counters, the debit and all it writes. Everything else — a number of no product,
 * an unknown number, a wrong PIN, a counter that refuses, a key another attempt holds — goes step by step, each
 * refusal stored as the key's answer, and a right PIN then ends in the same call.
 */
export async function redeem(
  deps: Deps,
  caller: Caller,
  given: v.InferOutput<typeof redeemBody>,
  idempotencyKey: string,
): Promise<StoredAnswer<RedeemResult>> {
  // The key stands for the body as sent; the certificate is the one its number (check digit dropped) names.
  const body = { ...given, number: await numberAsIssued(deps, given.supplierId, given.number) };
  const readCertificate = () => readTill(deps, caller, body, { capability: 'redeem', historyLimit: 0 });
  const read = await readCertificate();
  const { actor } = read;
  const owner = keyOwnerOf(actor);
  const key = { owner, key: idempotencyKey, requestHash: requestHashOf(given), actor, amount: body.amount };

  if (read.found && pinMatches(deps, read.found.certificate, body.pin) && (await formatAdmits(deps, body))) {
    const { outcome, stored } = await spend(deps, { ...read, found: read.found }, { ...key, attempt: null }, readCertificate);
    if (outcome === 'done') return stored!;
    if (outcome === 'in_progress') fail('IDEMPOTENCY_IN_PROGRESS');
    if (outcome === 'reused') fail('IDEMPOTENCY_KEY_REUSED');
  }
  return idempotent<RedeemResult>(deps, owner, idempotencyKey, given, {
    async work(claim) {
      await checkFormat(deps, body.supplierId, body.number, body.pin);
      const found = await lookUp(deps, read, body.pin);
      if (!found.found) return fail('INCORRECT_PIN', { fields: { pin: 'INCORRECT_PIN' } });
      const { outcome, stored } = await spend(deps, { ...read, found: read.found! }, { ...key, attempt: claim.attempt }, readCertificate);
      if (outcome !== 'done') fail('IDEMPOTENCY_IN_PROGRESS');
      return stored!;
    },
    recorded: (tx) => recordedRedemption(tx, deps.now(), actor, idempotencyKey),
    replayed: answerOfStored,
  });
}

/** Whether the number and PIN fit a product of the company: a refusal is the key's answer, given step by step. */
const formatAdmits = (deps: Deps, body: { supplierId: string; number: string; pin: string }): Promise<boolean> =>
  checkFormat(deps, body.supplierId, body.number, body.pin).then(
    () => true,
    () => false,
  );

/**
 * The answer to a successful redemption the ledger holds for this actor and key,
 * rebuilt for a key whose answer was never stored; it shows the certificate as it is now.
 */
async function recordedRedemption(tx: Tx, now: Date, actor: Actor, idempotencyKey: string): Promise<Answer<RedeemResult> | undefined> {
  const byActor = actor.userId !== null ? eq(redemptions.userId, actor.userId) : eq(redemptions.apiKeyId, actor.apiKeyId);
  const [row] = await tx
    .select({ entry: redemptions, certificate: certificates, product: products })
    .from(redemptions)
    .innerJoin(certificates, eq(certificates.id, redemptions.certificateId))
    .innerJoin(products, eq(products.id, certificates.productId))
    .where(and(byActor, eq(redemptions.idempotencyKey, idempotencyKey), eq(redemptions.status, 'success')));
  return row && redeemed(row.entry, row.certificate, row.product, await historyOf(tx, row.certificate.id), now);
}

/**
 * The company's redemptions, newest first; the till asks for today's (the
 * company's day, as the reports count it) and the caller's own. Who may not
 * see everyone's gets their own whatever they ask (decision 065).
 */
export async function history(deps: Deps, auth: AuthContext, query: v.InferOutput<typeof historyQuery>): Promise<RedemptionHistory> {
  const roles = await requireMembership(deps, auth.userId, query.supplierId, 'checkCertificates');
  const mine = query.mine || !rolesAllow(roles, 'seeAllRedemptions');
  const { timeZone } = await companyOf(deps, query.supplierId, roles);
  const where = and(
    eq(redemptions.supplierId, query.supplierId),
    query.today ? withinPeriod(redemptions.createdAt, resolvePeriod({ period: 'today' }, timeZone, deps.now())) : undefined,
    mine ? eq(redemptions.userId, auth.userId) : undefined,
  );
  return { ...(await ledgerPage(deps, where, query.page, query.pageSize)), mine, timeZone };
}

/** What the till's screen adapts to in the company: the number keyboard (decision 065) and the company's time zone. */
export async function till(deps: Deps, auth: AuthContext, query: v.InferOutput<typeof supplierQuery>): Promise<TillSettings> {
  const roles = await requireMembership(deps, auth.userId, query.supplierId, 'checkCertificates');
  const [codes, company] = await Promise.all([numericCodes(deps, query.supplierId), companyOf(deps, query.supplierId, roles)]);
  return { numericCodes: codes, timeZone: company.timeZone };
}
