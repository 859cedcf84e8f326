import { allowsDenomination, denominationBounds } from '@contract/catalogue';
import { COUNTRY_CURRENCY } from '@contract/enums';
import type { PosterProduct } from '@contract/marketing';
import type { posterProductsQuery, posterQuery } from '@contract/schemas/marketing';
import { and, eq, isNotNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { productImages, products, suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { printableImage } from '../images';
import { purchaseUrl } from '../widgets';
import { renderPosterPdf } from './poster';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/** The company's approved certificates (a live copy exists), by name: what a poster can be printed for. */
export async function posterProducts(
  deps: Deps,
  auth: AuthContext,
  { supplierId }: Out<typeof posterProductsQuery>,
): Promise<PosterProduct[]> {
  await requireMembership(deps, auth.userId, supplierId, 'useMarketing');
  return deps.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.supplierId, supplierId), isNotNull(products.live)))
    .orderBy(products.name, products.id);
}

/** An approved certificate's poster in a language, for the admins of its company only. */
export async function posterPdf(
  deps: Deps,
  auth: AuthContext,
  query: Out<typeof posterQuery>,
): Promise<{ fileName: string; content: Buffer }> {
  await requireMembership(deps, auth.userId, query.supplierId, 'useMarketing');
  const [product] = await deps.db
    .select({ name: products.name, live: products.live, country: suppliers.country })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(and(eq(products.id, query.productId), eq(products.supplierId, query.supplierId)));
  if (!product) return fail('PRODUCT_NOT_FOUND', { fields: { productId: 'PRODUCT_NOT_FOUND' } });
  // Only what moderation approved is advertised: the live copy, never a draft.
  if (!product.live) return fail('PRODUCT_NOT_ON_SALE', { fields: { productId: 'PRODUCT_NOT_ON_SALE' } });
  const { denominations } = product.live;
  // The QR code opens the purchase page at an amount (README, decision 061): the one asked for, else the smallest.
  const denomination = query.denomination ?? denominationBounds(denominations)[0] ?? undefined;
  if (query.denomination !== undefined && !(denominations && allowsDenomination(denominations, query.denomination)))
    return fail('DENOMINATION_NOT_ALLOWED', { fields: { denomination: 'DENOMINATION_NOT_ALLOWED' } });
  const coverId = product.live.images[0];
  const [cover] = coverId
    ? await deps.db.select({ content: productImages.content }).from(productImages).where(eq(productImages.id, coverId))
    : [];
  const content = await renderPosterPdf({
    language: query.language,
    productName: product.live.characteristics.name || product.name,
    denominations: product.live.denominations,
    currency: COUNTRY_CURRENCY[product.country],
    // A bounded JPEG of the stored file, never the file itself (decision 076); one sharp cannot read leaves the poster without it.
    cover: cover ? await printableImage(cover.content) : null,
    purchaseUrl: purchaseUrl(deps.config, query.productId, denomination),
  });
  return { fileName: `certdesk-poster-${query.productId.slice(0, 8)}-${query.language}.pdf`, content };
}
