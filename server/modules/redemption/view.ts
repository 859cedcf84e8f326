import { maskEmail } from '@contract/email-address';
import type { CertificateView, CheckStatus } from '@contract/schemas/redemption';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { redemptions, type certificates, type products } from '../../db/schema';

export type CertificateRow = typeof certificates.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export const HISTORY_LIMIT = 50;

export function statusOf(
  certificate: Pick<CertificateRow, 'status' | 'balance' | 'redemptionsLeft' | 'validUntil'>,
  now: Date,
): Exclude<CheckStatus, 'incorrectPin'> {
  if (certificate.status === 'blocked') return 'blocked';
  if (certificate.status === 'redeemed' || certificate.balance === 0 || certificate.redemptionsLeft === 0) return 'redeemed';
  if (certificate.validUntil <= now) return 'expired';
  return 'active';
}

/** A successful redemption as the certificate's history shows it. */
export interface HistoryEntry {
  createdAt: Date;
  amount: number;
  transactionNumber: string;
}

/** The certificate's last successful redemptions, newest first; `source` may carry a statement's CTEs. */
export const historyOf = (source: Pick<Executor, 'select'>, certificateId: string): Promise<HistoryEntry[]> =>
  source
    .select({ createdAt: redemptions.createdAt, amount: redemptions.amount, transactionNumber: redemptions.transactionNumber })
    .from(redemptions)
    .where(and(eq(redemptions.certificateId, certificateId), eq(redemptions.status, 'success')))
    .orderBy(desc(redemptions.createdAt))
    .limit(HISTORY_LIMIT);

/** The certificate's columns a view shows. */
export type ShownCertificate = Pick<
  CertificateRow,
  | 'id'
  | 'number'
  | 'status'
  | 'orderNumber'
  | 'purchasedAt'
  | 'validUntil'
  | 'denomination'
  | 'balance'
  | 'redemptionsLeft'
  | 'currency'
  | 'holderEmail'
>;

export function certificateView(
  certificate: ShownCertificate,
  product: Pick<ProductRow, 'id' | 'name'>,
  history: HistoryEntry[],
  now: Date,
): CertificateView {
  return {
    status: statusOf(certificate, now),
    id: certificate.id,
    number: certificate.number,
    product: { id: product.id, name: product.name },
    orderNumber: certificate.orderNumber,
    purchaseDate: certificate.purchasedAt.toISOString(),
    validUntil: certificate.validUntil.toISOString(),
    denomination: certificate.denomination,
    balance: certificate.balance,
    currency: certificate.currency,
    // A spent certificate takes no more redemptions, whatever its visit counter says (decision 64).
    redemptionsLeft: certificate.balance === 0 ? 0 : certificate.redemptionsLeft,
    holder: certificate.holderEmail && maskEmail(certificate.holderEmail),
    history: history.map((entry) => ({
      date: entry.createdAt.toISOString(),
      amount: entry.amount,
      transactionNumber: entry.transactionNumber,
    })),
  };
}
