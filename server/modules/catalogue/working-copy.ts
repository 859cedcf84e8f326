import { PRODUCT_STEPS, type ProductData, type ProductStatus, type ProductStep } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema';
import { fail } from '../../lib/errors';
import { liveColumns } from './rules';

export type ProductRow = typeof products.$inferSelect;

/** Who changes a working copy: the company (only its own products) or marketplace staff. */
export type Editor = { kind: 'supplier'; supplierId: string } | { kind: 'staff' };

/**
 * Locks a product for a change of its working copy, so parallel saves of two
 * steps (or a save and a submit) apply one after the other. Another company's
 * product answers as missing; a copy on moderation is the moderator's until decided.
 */
export async function lockForEdit(tx: Executor, productId: string, editor: Editor): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!row || (editor.kind === 'supplier' && row.supplierId !== editor.supplierId)) return fail('PRODUCT_NOT_FOUND');
  if (editor.kind === 'supplier' && row.status === 'moderation') return fail('PRODUCT_NOT_EDITABLE');
  return row;
}

/**
 * Writes a changed working copy. A company's edit of a sent-back or approved
 * product starts a new draft: the live copy keeps selling until the next
 * approval. Staff edits keep the status; on an approved product they go live at once.
 */
export async function applyEdit(
  tx: Executor,
  row: ProductRow,
  change: { data: ProductData; step: ProductStep; complete: boolean },
  editor: Editor,
  now: Date,
): Promise<ProductRow> {
  const status: ProductStatus = editor.kind === 'staff' ? row.status : 'draft';
  const steps = new Set(row.completedSteps);
  if (change.complete) steps.add(change.step);
  else steps.delete(change.step);
  const goesLive = editor.kind === 'staff' && row.status === 'active';
  const [saved] = await tx
    .update(products)
    .set({
      data: change.data,
      completedSteps: PRODUCT_STEPS.filter((step) => steps.has(step)),
      status,
      updatedAt: now,
      ...(goesLive ? { live: change.data, ...liveColumns(change.data) } : row.live ? {} : { name: change.data.characteristics.name }),
    })
    .where(eq(products.id, row.id))
    .returning();
  return saved!;
}
