import { PRODUCT_STEPS } from '@contract/catalogue';
import type { Country } from '@contract/enums';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { fail } from '../../lib/errors';
import { withNote, type ProductChange } from './change';
import { productIssues } from './steps';
import type { ProductRow } from './working-copy';

/**
 * Whether the working copy may go on sale: every step done, an image, and the rules across steps
 * (named `step.field`; the answer's code is the first one's). Checked at submit and again at approval.
 */
export function checkComplete(row: ProductRow, country: Country, now: Date): void {
  const missing = PRODUCT_STEPS.filter((step) => step !== 'images' && !row.completedSteps.includes(step));
  if (missing.length) fail('PRODUCT_INCOMPLETE', { fields: Object.fromEntries(missing.map((step) => [step, 'REQUIRED'])) });
  if (!row.data.images.length) fail('IMAGE_REQUIRED', { fields: { images: 'IMAGE_REQUIRED' } });
  const issues = productIssues(row.data, country, now);
  const [first] = Object.values(issues);
  if (first) fail(first, { fields: issues });
}

/**
 * Puts the working copy on moderation: submitted by the company, or reset by staff to be decided
 * again. A live copy stays on sale meanwhile.
 */
export async function toModeration(change: ProductChange, action: 'submitted' | 'reset'): Promise<ProductRow> {
  const { tx, row, now } = change;
  const [saved] = await tx
    .update(products)
    .set({ status: 'moderation', submittedAt: now, updatedAt: now, history: withNote(row, action, '', now) })
    .where(eq(products.id, row.id))
    .returning();
  await change.record(action);
  return saved!;
}
