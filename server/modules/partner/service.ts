import {
  allowsDenomination,
  redemptionLimitOf,
  type Denominations,
  type ProductData,
  type TechnicalInformation,
  type Terms,
} from '@contract/catalogue';
import { COUNTRY_CURRENCY, regionLanguage, type Country, type Region } from '@contract/enums';
import type { issueBody, IssuedCertificate } from '@contract/schemas/redemption';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Executor } from '../../db/client';
import { partnerOrders, products, suppliers } from '../../db/schema';
import type { Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { seal, unseal } from '../../lib/seal';
import { expiryOf } from '../catalogue';
import { pinHash, writeSoldCertificates } from '../redemption';
import { recordEvent } from '../webhooks';
import { newCertificateNumber, newPin } from './numbers';

export interface IssuedOrder {
  orderNumber: string;
  certificates: IssuedCertificate[];
}

/**
 * Issues certificates for a marketplace order, by the rules of the product's
 * live copy (decision 055): only a product on sale, only at one of its
 * denominations; validity, PIN and redemptions as its terms say. An order
 * number is used once: the same order again answers the first result (PINs
 * included, kept sealed) even if the product has left sale since; the same
 * order number with another body is refused.
 */
export async function issueCertificates(deps: Deps, body: v.InferOutput<typeof issueBody>): Promise<IssuedOrder> {
  const requestHash = sha256(JSON.stringify(body));
  const previous = await previousOrder(deps.db, deps.keys.seal, body.orderNumber, requestHash);
  if (previous) return previous;

  const now = deps.now();
  const { product, live, currency, validUntil, country } = await productOnSale(deps, body.productId, body.denomination, now);
  const issued = Array.from({ length: body.quantity }, () => ({
    number: newCertificateNumber(),
    pin: live.information.pinRequired ? newPin() : null,
  }));
  const order: IssuedOrder = {
    orderNumber: body.orderNumber,
    certificates: issued.map(({ number, pin }) => ({
      number,
      pin,
      denomination: body.denomination,
      currency,
      validUntil: validUntil.toISOString(),
    })),
  };

  return deps.db.transaction(async (tx) => {
    // A racing duplicate's insert waits for the first one's commit and then reads its row (order rows are
    // never deleted, so it is there): every duplicate gets the first answer.
    const [claimed] = await tx
      .insert(partnerOrders)
      .values({ orderNumber: body.orderNumber, requestHash, sealedResponse: seal(deps.keys.seal, order), createdAt: now })
      .onConflictDoNothing()
      .returning({ orderNumber: partnerOrders.orderNumber });
    if (!claimed) return (await previousOrder(tx, deps.keys.seal, body.orderNumber, requestHash))!;
    await writeSoldCertificates(
      tx,
      issued.map(({ number, pin }) => ({
        number,
        pinHash: pin === null ? null : pinHash(deps, number, pin),
        productId: product.id,
        supplierId: product.supplierId,
        orderNumber: body.orderNumber,
        channel: body.channel,
        purchasedAt: now,
        validUntil,
        denomination: body.denomination,
        balance: body.denomination,
        redemptionsLeft: redemptionLimitOf(live.terms.multiUse),
        currency,
        parameter: body.parameter ?? null,
        holderEmail: body.holderEmail ?? null,
        holderLanguage: body.holderEmail ? (body.holderLanguage ?? regionLanguage(country.toLowerCase() as Region)) : null,
      })),
    );
    for (const { number } of issued)
      await recordEvent(
        tx,
        product.supplierId,
        'certificate.issued',
        {
          number,
          orderNumber: body.orderNumber,
          productId: product.id,
          denomination: body.denomination,
          currency,
          validUntil: validUntil.toISOString(),
          channel: body.channel,
        },
        now,
      );
    await audit(
      tx,
      {
        action: 'certificates.issued',
        supplierId: product.supplierId,
        details: { orderNumber: body.orderNumber, quantity: body.quantity, denomination: body.denomination },
      },
      now,
    );
    return order;
  });
}

/** An approved copy has every step; a copy without them is never sold. */
type LiveCopy = ProductData & { denominations: Denominations; information: TechnicalInformation; terms: Terms };
const complete = (copy: ProductData | null): copy is LiveCopy => !!copy?.denominations && !!copy.information && !!copy.terms;

/**
 * The product as it is sold, refused unless it may be issued now: approved (a live copy), switched on by the
 * marketplace, of a company that is active, with the platform's own codes, at one of its denominations.
 * Issuing reads the live copy only: a working copy being edited or moderated changes nothing here.
 */
async function productOnSale(deps: Deps, productId: string, denomination: number, now: Date) {
  const [row] = await deps.db
    .select({
      id: products.id,
      supplierId: products.supplierId,
      live: products.live,
      activity: products.activity,
      supplierStatus: suppliers.status,
      country: suppliers.country,
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(eq(products.id, productId));
  if (!row) return fail('ITEM_NOT_FOUND', { fields: { productId: 'ITEM_NOT_FOUND' } });
  const { live } = row;
  const notOnSale = () => fail('PRODUCT_NOT_ON_SALE', { fields: { productId: 'PRODUCT_NOT_ON_SALE' } });
  if (!complete(live) || row.activity !== 'active' || row.supplierStatus !== 'active') return notOnSale();
  // A fixed expiry date that has passed: every certificate would be born expired.
  const validUntil = expiryOf(live.terms.validity, now);
  if (validUntil <= now) return notOnSale();
  // A provider's codes come from the provider: the platform cannot make them up.
  if (live.information.codeType === 'provider')
    return fail('PROVIDER_CODES_NOT_ISSUED', { fields: { productId: 'PROVIDER_CODES_NOT_ISSUED' } });
  if (!allowsDenomination(live.denominations, denomination))
    return fail('DENOMINATION_NOT_ALLOWED', { fields: { denomination: 'DENOMINATION_NOT_ALLOWED' } });
  return {
    product: { id: row.id, supplierId: row.supplierId },
    live,
    currency: COUNTRY_CURRENCY[row.country as Country] ?? 'RUB',
    validUntil,
    country: row.country as Country,
  };
}

/** The first answer to this order number, or a refusal if it came with another body. */
async function previousOrder(db: Executor, sealKey: string, orderNumber: string, requestHash: string): Promise<IssuedOrder | undefined> {
  const [previous] = await db.select().from(partnerOrders).where(eq(partnerOrders.orderNumber, orderNumber));
  if (!previous) return undefined;
  if (previous.requestHash !== requestHash || !previous.sealedResponse) return fail('IDEMPOTENCY_KEY_REUSED');
  return unseal<IssuedOrder>(sealKey, previous.sealedResponse);
}
