import type { CatalogueItem, ProductData, ProductDetails } from '@contract/catalogue';
import type { catalogueQuery, createProductBody, productBody, saveStepBody } from '@contract/schemas/catalogue';
import { and, count, desc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { products, suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { wordsCondition } from '../../lib/search';
import { changeProduct, type ProductChange } from './change';
import { checkStep, saveStep } from './steps';
import { checkComplete, toModeration } from './submit';
import { catalogueItemOf, companyColumns, detailsOf, itemColumns, productDetails, productNameColumns } from './view';
import { lockForEdit, type ProductRow } from './working-copy';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/** The catalogue is the company's admins' (SPEC §2 /certificates). */
const requireAdmin = (deps: Deps, auth: AuthContext, supplierId: string) =>
  requireMembership(deps, auth.userId, supplierId, 'manageCatalogue');

/** The company's products, the latest changed first, a page at a time. */
export async function listCatalogue(
  deps: Deps,
  auth: AuthContext,
  query: Out<typeof catalogueQuery>,
): Promise<{ items: CatalogueItem[]; page: number; pageSize: number; total: number }> {
  await requireAdmin(deps, auth, query.supplierId);
  const [company] = await deps.db.select(companyColumns).from(suppliers).where(eq(suppliers.id, query.supplierId));
  const where = and(
    eq(products.supplierId, query.supplierId),
    query.status ? eq(products.status, query.status) : undefined,
    wordsCondition(query.search, productNameColumns),
  );
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(products).where(where);
  const rows = await deps.db
    .select(itemColumns)
    .from(products)
    .where(where)
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items: rows.map((row) => catalogueItemOf(row, company!.country)), page: query.page, pageSize: query.pageSize, total };
}

export async function productInfo(deps: Deps, auth: AuthContext, query: Out<typeof productBody>): Promise<ProductDetails> {
  await requireAdmin(deps, auth, query.supplierId);
  return productDetails(deps.db, query.productId, query.supplierId);
}

/** A new draft from the first step; the other steps come one by one. */
export async function createProduct(deps: Deps, auth: AuthContext, body: Out<typeof createProductBody>): Promise<ProductDetails> {
  await requireAdmin(deps, auth, body.supplierId);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [company] = await tx.select(companyColumns).from(suppliers).where(eq(suppliers.id, body.supplierId));
    const data: ProductData = { characteristics: body.data, denominations: null, information: null, terms: null, images: [] };
    checkStep(data, 'characteristics', company!.country, now);
    const [created] = await tx
      .insert(products)
      .values({
        supplierId: body.supplierId,
        name: body.data.name,
        data,
        completedSteps: ['characteristics'],
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(
      tx,
      { action: 'product.created', userId: auth.userId, supplierId: body.supplierId, details: { productId: created!.id } },
      now,
    );
    return detailsOf(tx, created!);
  });
}

/** A change of one of the company's products by one of its admins; not while it is on moderation. */
async function asAdmin(
  deps: Deps,
  auth: AuthContext,
  body: Out<typeof productBody>,
  work: (change: ProductChange) => Promise<ProductRow>,
): Promise<ProductDetails> {
  await requireAdmin(deps, auth, body.supplierId);
  return changeProduct(deps, { userId: auth.userId, editor: { kind: 'supplier', supplierId: body.supplierId } }, body.productId, work);
}

/** Saves a step; an edit of a sent-back or approved product makes a new draft, the live copy still on sale. */
export const saveProductStep = (deps: Deps, auth: AuthContext, body: Out<typeof saveStepBody>) =>
  asAdmin(deps, auth, body, (change) => saveStep(change, body));

export const submitProduct = (deps: Deps, auth: AuthContext, body: Out<typeof productBody>) =>
  asAdmin(deps, auth, body, (change) => {
    checkComplete(change.row, change.company.country, change.now);
    return toModeration(change, 'submitted');
  });

/**
 * Deletes a product that has never been on sale (issue 35): a draft or one sent back, never approved. One that has
 * been on sale keeps its row for the certificates, reports and widgets that name it: it is taken off sale instead.
 * Not while on moderation (lockForEdit refuses it), so no moderator decides on a product that is gone.
 */
export async function deleteProduct(deps: Deps, auth: AuthContext, body: Out<typeof productBody>): Promise<{ productId: string }> {
  await requireAdmin(deps, auth, body.supplierId);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockForEdit(tx, body.productId, { kind: 'supplier', supplierId: body.supplierId });
    if (row.live) fail('PRODUCT_NOT_DELETABLE');
    // Its images go with it (product_images.product_id: on delete cascade).
    await tx.delete(products).where(eq(products.id, row.id));
    await audit(
      tx,
      { action: 'product.deleted', userId: auth.userId, supplierId: body.supplierId, details: { productId: row.id, name: row.name } },
      now,
    );
    return { productId: row.id };
  });
}
