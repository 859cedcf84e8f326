import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { COUNTRY_CURRENCY, type Country } from '../../../src/contract/enums';
import type { issueBody, IssuedCertificate } from '../../../src/contract/schemas/redemption';
import type { Executor } from '../../db/client';
import { certificates, partnerOrders, products, suppliers } from '../../db/schema';
import type { Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { seal, unseal } from '../../lib/seal';
import { expiryOf } from '../catalogue';
import { pinHash } from '../redemption';
import { newCertificateNumber, newPin } from './numbers';

export interface IssuedOrder {
  orderNumber: string;
  certificates: IssuedCertificate[];
}

/**
 * Issues certificates for a marketplace order. An order number is used once:
 * the same order again answers the first result (PINs included, kept sealed);
 * the same order number with another body is refused.
 */
export async function issueCertificates(deps: Deps, body: v.InferOutput<typeof issueBody>): Promise<IssuedOrder> {
  const requestHash = sha256(JSON.stringify(body));
  const previous = await previousOrder(deps.db, deps.keys.seal, body.orderNumber, requestHash);
  if (previous) return previous;

  const [product] = await deps.db
    .select({ product: products, country: suppliers.country })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(eq(products.id, body.productId));
  if (!product) return fail('ITEM_NOT_FOUND', { fields: { productId: 'ITEM_NOT_FOUND' } });

  const now = deps.now();
  const currency = COUNTRY_CURRENCY[product.country as Country] ?? 'RUB';
  const validUntil = expiryOf(product.product.live!.terms!.validity, now);
  const issued = Array.from({ length: body.quantity }, () => ({
    number: newCertificateNumber(),
    pin: product.product.pinRequired ? newPin() : null,
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
    await tx.insert(certificates).values(
      issued.map(({ number, pin }) => ({
        number,
        pinHash: pin === null ? null : pinHash(deps, number, pin),
        productId: product.product.id,
        supplierId: product.product.supplierId,
        orderNumber: body.orderNumber,
        channel: body.channel,
        purchasedAt: now,
        validUntil,
        denomination: body.denomination,
        balance: body.denomination,
        redemptionsLeft: product.product.redemptionLimit,
        currency,
      })),
    );
    await audit(
      tx,
      {
        action: 'certificates.issued',
        supplierId: product.product.supplierId,
        details: { orderNumber: body.orderNumber, quantity: body.quantity, denomination: body.denomination },
      },
      now,
    );
    return order;
  });
}

/** The first answer to this order number, or a refusal if it came with another body. */
async function previousOrder(db: Executor, sealKey: string, orderNumber: string, requestHash: string): Promise<IssuedOrder | undefined> {
  const [previous] = await db.select().from(partnerOrders).where(eq(partnerOrders.orderNumber, orderNumber));
  if (!previous) return undefined;
  if (previous.requestHash !== requestHash || !previous.sealedResponse) return fail('IDEMPOTENCY_KEY_REUSED');
  return unseal<IssuedOrder>(sealKey, previous.sealedResponse);
}
