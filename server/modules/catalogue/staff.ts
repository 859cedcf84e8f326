import type { AdminFields } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { withNote, type ProductChange } from './change';
import { liveColumns } from './rules';
import { checkComplete } from './submit';
import type { ProductRow } from './working-copy';

/** The marketplace's own fields of a product, saved by staff. */
export async function saveAdminFields({ tx, row, now }: ProductChange, fields: AdminFields): Promise<ProductRow> {
  const [saved] = await tx
    .update(products)
    .set({ ...fields, symbolicCode: fields.symbolicCode || null, updatedAt: now })
    .where(eq(products.id, row.id))
    .returning();
  return saved!;
}

/**
 * Staff's decision on a product on moderation: approved, the working copy goes on sale (if it is still complete: an
 * expiry date may have passed while it waited); sent back, it waits for the company with the comment.
 */
export async function decideProduct(change: ProductChange, approved: boolean, comment: string): Promise<ProductRow> {
  const { tx, row, company, now } = change;
  if (approved) checkComplete(row, company.country, now);
  const [saved] = await tx
    .update(products)
    .set({
      status: approved ? 'active' : 'rejected',
      moderationComment: comment,
      history: withNote(row, approved ? 'approved' : 'rejected', comment, now),
      updatedAt: now,
      ...(approved && { live: row.data, ...liveColumns(row.data) }),
    })
    .where(eq(products.id, row.id))
    .returning();
  return saved!;
}
