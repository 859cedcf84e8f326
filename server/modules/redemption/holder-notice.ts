import { COUNTRY_TIME_ZONE } from '@contract/analytics';
import { renderMail } from '../../mail/render';
import type { RenderedMail } from '../../mail/types';
import { PERPETUAL_UNTIL } from '../catalogue';
import type { CompanyOfCertificate } from './lookup';
import { statusOf, type CertificateRow, type ProductRow } from './view';

/** How much of the number the notice shows: enough for the holder to tell their certificates apart. */
const NUMBER_END_DIGITS = 4;

/** The notice rendered, its address, and the balance it names: the redemption queues it only if that is the balance left. */
export interface HolderNotice {
  to: string;
  mail: RenderedMail;
  balance: number;
}

/** The certificate as the redemption of `amount` leaves it, if nobody else spends from it in between. */
const spentBy = (certificate: CertificateRow, amount: number): CertificateRow => {
  const redemptionsLeft = certificate.redemptionsLeft === null ? null : certificate.redemptionsLeft - 1;
  const used = certificate.balance === amount || redemptionsLeft === 0;
  return { ...certificate, balance: certificate.balance - amount, redemptionsLeft, status: used ? 'redeemed' : certificate.status };
};

/**
 * The cardholder's balance notice (decision 096), rendered before the redemption's one call, which queues it with
 * the debit: exactly one per successful redemption, none for a refused one or when the company turned notices off
 * (the call checks that too). Certificates without an address cost the redemption nothing.
 */
export function holderNotice(
  certificate: CertificateRow,
  product: ProductRow,
  company: CompanyOfCertificate,
  amount: number,
  now: Date,
): HolderNotice | null {
  if (!certificate.holderEmail || !company.holderNotices) return null;
  const spent = spentBy(certificate, amount);
  const mail = renderMail({
    to: certificate.holderEmail,
    template: 'holderBalance',
    language: certificate.holderLanguage ?? 'ru',
    params: {
      supplierName: company.name,
      productName: product.name,
      numberEnd: certificate.number.slice(-NUMBER_END_DIGITS),
      amount,
      balance: spent.balance,
      fullyUsed: statusOf(spent, now) === 'redeemed',
      currency: certificate.currency,
      redeemedAt: now.toISOString(),
      validUntil: certificate.validUntil >= PERPETUAL_UNTIL ? null : certificate.validUntil.toISOString(),
      timeZone: COUNTRY_TIME_ZONE[company.country],
    },
  });
  return { to: certificate.holderEmail, mail, balance: spent.balance };
}
