import { COUNTRY_TIME_ZONE } from '@contract/analytics';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { suppliers } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { PERPETUAL_UNTIL } from '../catalogue';
import { statusOf, type CertificateRow, type ProductRow } from './view';

/** How much of the number the notice shows: enough for the holder to tell their certificates apart. */
const NUMBER_END_DIGITS = 4;

/**
 * The cardholder's balance notice (decision 096), queued in the redemption's transaction: exactly one per successful
 * redemption, none for a refused one (its transaction writes no spend) or when the company turned notices off.
 * Certificates without an address cost the redemption nothing: the company is read only for those with one.
 */
export async function queueHolderNotice(tx: Tx, spent: CertificateRow, product: ProductRow, amount: number, now: Date): Promise<void> {
  if (!spent.holderEmail) return;
  const [company] = await tx
    .select({ name: suppliers.name, country: suppliers.country, holderNotices: suppliers.holderNotices })
    .from(suppliers)
    .where(eq(suppliers.id, spent.supplierId));
  if (!company?.holderNotices) return;
  await enqueueMail(
    tx,
    {
      to: spent.holderEmail,
      template: 'holderBalance',
      language: spent.holderLanguage ?? 'ru',
      params: {
        supplierName: company.name,
        productName: product.name,
        numberEnd: spent.number.slice(-NUMBER_END_DIGITS),
        amount,
        balance: spent.balance,
        fullyUsed: statusOf(spent, now) === 'redeemed',
        currency: spent.currency,
        redeemedAt: now.toISOString(),
        validUntil: spent.validUntil >= PERPETUAL_UNTIL ? null : spent.validUntil.toISOString(),
        timeZone: COUNTRY_TIME_ZONE[company.country],
      },
    },
    now,
  );
}
