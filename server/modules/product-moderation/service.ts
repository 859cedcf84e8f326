import type { AdminProductItem, ProductDetails } from '@contract/catalogue';
import type { adminProductsQuery, AdminSave, finishModerationBody } from '@contract/schemas/catalogue';
import { and, asc, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { products, suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { wordsCondition } from '../../lib/search';
import {
  catalogueItemOf,
  changeProduct,
  decideProduct,
  itemColumns,
  productDetails,
  productNameColumns,
  saveAdminFields,
  saveStep,
  toModeration,
  type ProductChange,
  type ProductRow,
} from '../catalogue';
import { dropUnusedImages } from '../images';
import { refuseOwnCompany } from '../moderation';
import { forgetTillRules } from '../redemption';
import { recordEvent } from '../webhooks';
import { mailDecision } from './notify';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

type StaffAction = 'save' | 'finish' | 'reset';

/**
 * A staff change in one transaction. Every one moderates (an approved product's edit goes live at once), so none is
 * made to a product of a company the staff member belongs to (decision 077). When it put a copy live, the till's
 * cached rules of the company are dropped after the commit (before it, a check could cache the old rules again).
 */
async function asStaff(
  deps: Deps,
  auth: AuthContext,
  productId: string,
  action: StaffAction,
  work: (change: ProductChange) => Promise<ProductRow>,
) {
  const [product] = await deps.db.select({ supplierId: products.supplierId }).from(products).where(eq(products.id, productId));
  // An unknown product is the change's to refuse (404).
  if (product) await refuseOwnCompany(deps, auth, product.supplierId, { subject: 'product', details: { productId, action } });
  let wentLiveFor: string | null = null;
  const details = await changeProduct(deps, { userId: auth.userId, editor: { kind: 'staff' } }, productId, async (change) => {
    const saved = await work(change);
    if (JSON.stringify(saved.live) !== JSON.stringify(change.row.live)) {
      wentLiveFor = saved.supplierId;
      await dropUnusedImages(change.tx, saved);
    }
    return saved;
  });
  if (wentLiveFor) forgetTillRules(wentLiveFor);
  return details;
}

/** A supplier's draft that has never been sent to moderation (nor been on sale) is theirs alone (issue 35). */
const seenByStaff = or(isNotNull(products.submittedAt), isNotNull(products.live));

/**
 * Every company's products, filtered; those waiting for moderation first, the longest waiting
 * first, then the latest changed.
 */
export async function listProducts(
  deps: Deps,
  query: Out<typeof adminProductsQuery>,
): Promise<{ items: AdminProductItem[]; page: number; pageSize: number; total: number }> {
  const where = and(
    seenByStaff,
    query.supplierId ? eq(products.supplierId, query.supplierId) : undefined,
    query.status ? eq(products.status, query.status) : undefined,
    query.country ? eq(suppliers.country, query.country) : undefined,
    query.productType ? sql`${products.data}->'characteristics'->>'productType' = ${query.productType}` : undefined,
    wordsCondition(query.search, [...productNameColumns, suppliers.name, suppliers.supplierName, suppliers.tin, products.symbolicCode]),
  );
  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: count() })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(where);
  const rows = await deps.db
    .select({
      ...itemColumns,
      supplierId: products.supplierId,
      supplierName: suppliers.supplierName,
      tin: suppliers.tin,
      country: suppliers.country,
      activity: products.activity,
      submittedAt: products.submittedAt,
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(where)
    .orderBy(
      desc(sql`${products.status} = 'moderation'`),
      asc(sql`case when ${products.status} = 'moderation' then ${products.submittedAt} end`),
      desc(products.updatedAt),
      desc(products.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((row) => ({
      ...catalogueItemOf(row, row.country),
      supplierId: row.supplierId,
      supplierName: row.supplierName,
      tin: row.tin ?? '',
      country: row.country,
      activity: row.activity,
      submittedAt: row.submittedAt?.toISOString() ?? null,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function productForStaff(deps: Deps, productId: string): Promise<ProductDetails> {
  const [seen] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), seenByStaff));
  return seen ? productDetails(deps.db, productId) : fail('PRODUCT_NOT_FOUND');
}

/** Staff edit any step at any status; on an approved product the edit goes live at once (applyEdit). */
export const saveProduct = (deps: Deps, auth: AuthContext, productId: string, body: AdminSave) =>
  asStaff(deps, auth, productId, 'save', async (change) => {
    const saved = body.step === 'admin' ? await saveAdminFields(change, body.data) : await saveStep(change, body);
    await change.record('edited', { step: body.step });
    return saved;
  });

/**
 * Approves (the working copy goes live) or sends back a product on moderation. Under the row's lock,
 * so of two decisions at once one wins and the other finds it decided. The decision, its note, the
 * audit entry, the mails to the company's admins and the company's webhook event commit together.
 */
export const finishModeration = (deps: Deps, auth: AuthContext, productId: string, body: Out<typeof finishModerationBody>) =>
  asStaff(deps, auth, productId, 'finish', async (change) => {
    const { tx, company, now } = change;
    if (change.row.status !== 'moderation') fail('PRODUCT_NOT_ON_MODERATION');
    const approved = body.decision === 'approve';
    const saved = await decideProduct(change, approved, body.comment);
    await change.record(approved ? 'approved' : 'rejected', body.comment ? { comment: body.comment } : undefined);
    await mailDecision(tx, deps, company, saved, approved ? 'productApproved' : 'productRejected', now);
    await recordEvent(
      tx,
      saved.supplierId,
      approved ? 'product.approved' : 'product.rejected',
      { productId: saved.id, name: saved.data.characteristics.name, comment: saved.moderationComment },
      now,
    );
    return saved;
  });

/**
 * Puts an approved or sent-back product back on moderation to be decided again; the live copy stays
 * on sale. One already on moderation stays as it is; a draft is the company's until it submits.
 */
export const resetModeration = (deps: Deps, auth: AuthContext, productId: string) =>
  asStaff(deps, auth, productId, 'reset', async (change) => {
    if (change.row.status === 'moderation') return change.row;
    if (change.row.status === 'draft') fail('PRODUCT_NOT_ON_MODERATION');
    return toModeration(change, 'reset');
  });
