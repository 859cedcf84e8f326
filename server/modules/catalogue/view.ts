import {
  denominationBounds,
  imageUrls,
  type CatalogueItem,
  type ProductData,
  type ProductDetails,
  type ProductImage,
  type ProductStatus,
} from '@contract/catalogue';
import { COUNTRY_CURRENCY, type Country, type Locale } from '@contract/enums';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productImages, products, suppliers } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { ProductRow } from './working-copy';

/** The company a product belongs to, as its pages and mails name it. */
export interface ProductCompany {
  id: string;
  name: string;
  supplierName: string;
  country: Country;
  /** The language of its last submission, which its mails speak; null before one. */
  language: Locale | null;
}

export const companyColumns = {
  id: suppliers.id,
  name: suppliers.name,
  supplierName: suppliers.supplierName,
  country: suppliers.country,
  language: suppliers.language,
};

/** What a list row needs of a product: the working copy, and only whether a live one exists. */
export const itemColumns = {
  id: products.id,
  status: products.status,
  data: products.data,
  live: sql<boolean>`${products.live} is not null`,
  updatedAt: products.updatedAt,
};

/** What a search looks in: the working copy's names. */
export const productNameColumns = [
  sql`${products.data}->'characteristics'->>'name'`,
  sql`${products.data}->'characteristics'->>'nameKz'`,
  sql`${products.data}->'characteristics'->>'adminName'`,
];

export function catalogueItemOf(
  row: { id: string; status: ProductStatus; data: ProductData; live: boolean; updatedAt: Date },
  country: Country,
): CatalogueItem {
  const [minDenomination, maxDenomination] = denominationBounds(row.data.denominations);
  const cover = row.data.images[0];
  return {
    id: row.id,
    name: row.data.characteristics.name,
    status: row.status,
    live: row.live,
    productType: row.data.characteristics.productType,
    coverThumbUrl: cover ? imageUrls(cover).thumbUrl : null,
    minDenomination,
    maxDenomination,
    fixedDenominations: row.data.denominations?.kind === 'fixed' ? row.data.denominations.items.map((item) => item.value) : null,
    currency: COUNTRY_CURRENCY[country],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The images the working copy lists, in its order: their metadata and addresses, never the bytes. */
async function imagesOf(db: Executor, row: ProductRow): Promise<ProductImage[]> {
  if (!row.data.images.length) return [];
  const found = await db
    .select({ id: productImages.id, width: productImages.width, height: productImages.height, bytes: productImages.bytes })
    .from(productImages)
    .where(and(eq(productImages.productId, row.id), inArray(productImages.id, row.data.images)));
  const byId = new Map(found.map((image) => [image.id, image]));
  return row.data.images.flatMap((id) => {
    const image = byId.get(id);
    return image ? [{ ...image, ...imageUrls(id) }] : [];
  });
}

/** A product's page, for its company and for staff alike. */
export async function detailsOf(db: Executor, row: ProductRow): Promise<ProductDetails> {
  const [company] = await db.select(companyColumns).from(suppliers).where(eq(suppliers.id, row.supplierId));
  return {
    id: row.id,
    supplierId: row.supplierId,
    supplierName: company!.supplierName,
    country: company!.country,
    status: row.status,
    live: row.live !== null,
    completedSteps: row.completedSteps,
    data: row.data,
    images: await imagesOf(db, row),
    admin: { activity: row.activity, sorting: row.sorting, symbolicCode: row.symbolicCode ?? '', showOnMainPage: row.showOnMainPage },
    moderationComment: row.moderationComment,
    history: row.history,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The product's page; another company's product (when `supplierId` is given) is "not found", as is an unknown one. */
export async function productDetails(db: Executor, productId: string, supplierId?: string): Promise<ProductDetails> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row || (supplierId !== undefined && row.supplierId !== supplierId)) return fail('PRODUCT_NOT_FOUND');
  return detailsOf(db, row);
}
