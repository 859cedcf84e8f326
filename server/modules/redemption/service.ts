import { randomBytes } from 'node:crypto';
import { rolesAllow } from '@contract/access';
import type { ErrorCode } from '@contract/errors';
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
import { and, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Tx } from '../../db/client';
import { certificates, products, redemptions } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { auditInsert } from '../../lib/audit';
import { AppError, fail } from '../../lib/errors';
import { errorAnswer, idempotent, type Answer, type StoredAnswer } from '../../lib/idempotency';
import { requireMembership } from '../../lib/membership';
import { companyOf, resolvePeriod, withinPeriod } from '../analytics';
import { recordEvent } from '../webhooks';
import { auditedActor, keyOwnerOf, type Actor, type Caller } from './actor';
import { queueHolderNotice } from './holder-notice';
import { ledgerPage } from './ledger';
import { lookUp, readTill } from './lookup';
import { checkFormat, numberAsIssued, numericCodes } from './rules';
import { certificateView, HISTORY_LIMIT, historyOf, statusOf, type CertificateRow, type HistoryEntry, type ProductRow } from './view';

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

type RedemptionRow = typeof redemptions.$inferSelect;
type RedeemAnswer = Answer<RedeemResult>;

/**
 * `caller`: as for `check`. The certificate is read before the key is claimed
 * (reading decides nothing); the lookup's decisions are the key's work.
 */
export async function redeem(
  deps: Deps,
  caller: Caller,
  given: v.InferOutput<typeof redeemBody>,
  idempotencyKey: string,
): Promise<StoredAnswer<RedeemResult>> {
  // The key stands for the body as sent; the certificate is the one its number (check digit dropped) names.
  const body = { ...given, number: await numberAsIssued(deps, given.supplierId, given.number) };
  const read = await readTill(deps, caller, body, { capability: 'redeem', historyLimit: 0 });
  const { actor } = read;
  return idempotent<RedeemResult>(deps, keyOwnerOf(actor), idempotencyKey, given, {
    async work(claim) {
      await checkFormat(deps, body.supplierId, body.number, body.pin);
      const found = await lookUp(deps, read, body.pin);
      if (!found.found) return fail('INCORRECT_PIN', { fields: { pin: 'INCORRECT_PIN' } });
      return claim.commit((tx) => spend(tx, deps.now(), actor, found.certificate, found.product, body.amount, idempotencyKey));
    },
    recorded: (tx) => recordedRedemption(tx, deps.now(), actor, idempotencyKey),
  });
}

const transactionNumber = (now: Date) =>
  `R${now.toISOString().slice(2, 10).replaceAll('-', '')}${randomBytes(5).toString('hex').toUpperCase()}`;

/** Why a conditional spend matched no row, read again inside the transaction. */
function refusal(certificate: CertificateRow, amount: number, now: Date): ErrorCode {
  const status = statusOf(certificate, now);
  if (status === 'blocked') return 'CERTIFICATE_BLOCKED';
  if (status === 'expired') return 'CERTIFICATE_EXPIRED';
  if (certificate.redemptionsLeft === 0) return 'REDEMPTION_LIMIT_REACHED';
  if (status === 'redeemed') return 'CERTIFICATE_REDEEMED';
  if (amount > certificate.balance) return 'AMOUNT_EXCEEDS_BALANCE';
  return 'REDEEM_FAILED';
}

const refused = (code: ErrorCode): RedeemAnswer =>
  errorAnswer(new AppError(code, code === 'AMOUNT_EXCEEDS_BALANCE' ? { fields: { amount: code } } : {}));

/** The answer to a successful redemption: the certificate as it stands after it. */
function redeemed(
  entry: Pick<RedemptionRow, 'transactionNumber' | 'amount'>,
  certificate: CertificateRow,
  product: ProductRow,
  history: HistoryEntry[],
  now: Date,
): RedeemAnswer {
  const view = certificateView(certificate, product, history, now);
  return {
    status: 200,
    body: { data: { transactionNumber: entry.transactionNumber, amount: entry.amount, balance: certificate.balance, certificate: view } },
  };
}

/**
 * One conditional update in the key's transaction: the balance can only fall
 * by a recorded amount and never below zero, however many tills try at once.
 * Refusals are written to the ledger too; either answer commits with its row,
 * and a success with the company's `certificate.redeemed` webhook deliveries.
 */
async function spend(
  tx: Tx,
  now: Date,
  actor: Actor,
  certificate: CertificateRow,
  product: ProductRow,
  amount: number,
  idempotencyKey: string,
): Promise<RedeemAnswer> {
  const entry = {
    transactionNumber: transactionNumber(now),
    certificateId: certificate.id,
    certificateNumber: certificate.number,
    orderNumber: certificate.orderNumber,
    currency: certificate.currency,
    supplierId: certificate.supplierId,
    userId: actor.userId,
    apiKeyId: actor.apiKeyId,
    amount,
    idempotencyKey,
    createdAt: now,
  };
  const [spent] = await tx
    .update(certificates)
    .set({
      balance: sql`${certificates.balance} - ${amount}`,
      redemptionsLeft: sql`${certificates.redemptionsLeft} - 1`,
      status: sql`CASE WHEN ${certificates.balance} = ${amount} OR ${certificates.redemptionsLeft} = 1 THEN 'redeemed' ELSE ${certificates.status} END`,
    })
    .where(
      and(
        eq(certificates.id, certificate.id),
        eq(certificates.status, 'active'),
        gte(certificates.balance, amount),
        gt(certificates.validUntil, now),
        or(isNull(certificates.redemptionsLeft), gt(certificates.redemptionsLeft, 0)),
      ),
    )
    .returning();
  if (!spent) {
    const [current] = await tx.select().from(certificates).where(eq(certificates.id, certificate.id));
    const errorCode = refusal(current!, amount, now);
    await tx.insert(redemptions).values({ ...entry, status: 'error', errorCode });
    return refused(errorCode);
  }
  // The ledger row and its audit entry are written by the statement that reads the history before them (its
  // snapshot cannot see the new row, which joins the history here): one round trip for the three.
  const ledgerRow = tx.$with('ledger_row').as(
    tx
      .insert(redemptions)
      .values({ ...entry, status: 'success' })
      .returning({ id: redemptions.id }),
  );
  const audited = tx.$with('audited').as(
    auditInsert(
      tx,
      {
        action: 'redemption',
        ...auditedActor(actor),
        supplierId: certificate.supplierId,
        certificateId: certificate.id,
        details: { amount, transactionNumber: entry.transactionNumber },
      },
      now,
    ),
  );
  const earlier = await historyOf(tx.with(ledgerRow, audited), certificate.id);
  // The company's webhooks hear of it only if this commits (decision 094).
  await recordEvent(
    tx,
    certificate.supplierId,
    'certificate.redeemed',
    {
      certificateId: certificate.id,
      number: certificate.number,
      orderNumber: certificate.orderNumber,
      transactionNumber: entry.transactionNumber,
      amount,
      currency: certificate.currency,
      balance: spent.balance,
      redeemedAt: now.toISOString(),
      userId: actor.userId,
      apiKeyId: actor.apiKeyId,
    },
    now,
  );
  await queueHolderNotice(tx, spent, product, amount, now);
  const history = [entry, ...earlier].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, HISTORY_LIMIT);
  return redeemed(entry, spent, product, history, now);
}

/**
 * The answer to a successful redemption the ledger holds for this actor and key,
 * rebuilt for a key whose answer was never stored; it shows the certificate as it is now.
 */
async function recordedRedemption(tx: Tx, now: Date, actor: Actor, idempotencyKey: string): Promise<RedeemAnswer | undefined> {
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
