import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { ErrorCode } from '../../../src/contract/errors';
import type { checkBody, historyQuery, redeemBody } from '../../../src/contract/schemas/redemption';
import type { CertificateView, Page, RedeemResult, RedemptionReportRow } from '../../../src/contract/schemas/redemption';
import { certificates, redemptions, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { AppError, fail } from '../../http/errors';
import { audit } from '../../lib/audit';
import { idempotent } from '../../lib/idempotency';
import type { StoredAnswer } from '../../lib/idempotency';
import { requireMembership } from '../../lib/membership';
import { lookUp } from './lookup';
import { certificateView, statusOf } from './view';
import type { CertificateRow, ProductRow } from './view';

/** Any member of the company may check; only these roles may spend (docs/decisions.md). */
export const REDEEM_ROLES = ['roleRedeemer', 'roleAdmin'] as const;

export async function check(deps: Deps, auth: AuthContext, body: v.InferOutput<typeof checkBody>): Promise<CertificateView> {
  await requireMembership(deps, auth.userId, body.supplierId);
  const found = await lookUp(deps, auth, body.supplierId, body.number, body.pin);
  if (!found.found) return { status: 'incorrectPin', number: body.number };
  return certificateView(deps.db, found.certificate, found.product, deps.now());
}

export async function redeem(
  deps: Deps,
  auth: AuthContext,
  body: v.InferOutput<typeof redeemBody>,
  idempotencyKey: string,
): Promise<StoredAnswer> {
  await requireMembership(deps, auth.userId, body.supplierId, REDEEM_ROLES);
  return idempotent(deps, auth.userId, idempotencyKey, body, async () => {
    const found = await lookUp(deps, auth, body.supplierId, body.number, body.pin);
    if (!found.found) return fail('INCORRECT_PIN', { fields: { pin: 'INCORRECT_PIN' } });
    const result = await spend(deps, auth, found.certificate, found.product, body.amount, idempotencyKey);
    return { status: 200, body: { data: result } };
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

/**
 * One conditional update in one transaction: the balance can only fall by a
 * recorded amount and never below zero, however many tills try at once.
 * Refusals are written to the ledger too, then reported after the commit.
 */
async function spend(deps: Deps, auth: AuthContext, certificate: CertificateRow, product: ProductRow, amount: number, idempotencyKey: string): Promise<RedeemResult> {
  const now = deps.now();
  const number = transactionNumber(now);
  const entry = { transactionNumber: number, certificateId: certificate.id, supplierId: certificate.supplierId, userId: auth.userId, amount, idempotencyKey, createdAt: now };

  const outcome = await deps.db.transaction(async (tx) => {
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
      return { errorCode };
    }
    await tx.insert(redemptions).values({ ...entry, status: 'success' });
    await audit(tx, { action: 'redemption', userId: auth.userId, supplierId: certificate.supplierId, certificateId: certificate.id, details: { amount, transactionNumber: number } }, now);
    return { spent };
  });

  if (!outcome.spent) {
    const code = outcome.errorCode;
    throw new AppError(code, code === 'AMOUNT_EXCEEDS_BALANCE' ? { fields: { amount: code } } : {});
  }
  return {
    transactionNumber: number,
    amount,
    balance: outcome.spent.balance,
    certificate: await certificateView(deps.db, outcome.spent, product, now),
  };
}

/** The company's redemptions, newest first: the redemption report is built on this. */
export async function history(deps: Deps, auth: AuthContext, query: v.InferOutput<typeof historyQuery>): Promise<Page<RedemptionReportRow>> {
  await requireMembership(deps, auth.userId, query.supplierId);
  const where = eq(redemptions.supplierId, query.supplierId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ entry: redemptions, certificate: { number: certificates.number, orderNumber: certificates.orderNumber, currency: certificates.currency }, user: { email: users.email } })
      .from(redemptions)
      .innerJoin(certificates, eq(certificates.id, redemptions.certificateId))
      .innerJoin(users, eq(users.id, redemptions.userId))
      .where(where)
      .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ value: count() }).from(redemptions).where(where),
  ]);
  return {
    items: rows.map(({ entry, certificate, user }) => ({
      transactionId: entry.transactionNumber,
      orderNumber: certificate.orderNumber,
      certificateId: entry.certificateId,
      certificateNumber: certificate.number,
      date: entry.createdAt.toISOString(),
      sum: entry.amount,
      currency: certificate.currency,
      status: entry.status,
      errorCode: entry.errorCode,
      user: user.email,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}
