import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { moderationEvents, suppliers } from '../../db/schema';
import { fail } from '../../lib/errors';
import { hasBranches, loadSupplier, type SupplierRow } from './view';

export type ModerationDecision = { action: 'approved' } | { action: 'rejected'; reason: string };

/**
 * Staff's decision on a company on moderation, written where companies are (decision 092): one conditional update,
 * so of two staff deciding at once exactly one wins and the other gets 409, and its history entry. In the caller's
 * transaction, which audits and mails with it.
 */
export async function decideCompany(
  tx: Executor,
  supplierId: string,
  decision: ModerationDecision,
  by: { userId: string; now: Date },
): Promise<SupplierRow> {
  const reason = decision.action === 'rejected' ? decision.reason : null;
  const [row] = await tx
    .update(suppliers)
    .set({ status: decision.action === 'approved' ? 'active' : 'rejected', rejectionReason: reason, updatedAt: by.now })
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.status, 'moderation')))
    .returning();
  if (!row) {
    await loadSupplier(tx, supplierId);
    return fail('SUPPLIER_NOT_ON_MODERATION');
  }
  // Only an active company is a parent (decision 078): a rejected one would leave its branches under a company
  // not on the marketplace. Only data from before that rule has such branches; their admin moves them first.
  if (decision.action === 'rejected' && (await hasBranches(tx, supplierId))) fail('SUPPLIER_HAS_BRANCHES');
  await tx
    .insert(moderationEvents)
    .values({ supplierId, action: decision.action, reason, language: row.language, userId: by.userId, createdAt: by.now });
  return row;
}
