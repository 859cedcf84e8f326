import { and, asc, eq } from 'drizzle-orm';
import type { ModerationQueueItem, SupplierInfo } from '../../../src/contract/company';
import { moderationEvents, suppliers, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { loadSupplier, mailCompanyAdmins, supplierInfoOf } from '../supplier';

/** Marketplace staff only (users.isStaff); suppliers get 403 (decision 50). */
export async function requireStaff(deps: Deps, auth: AuthContext): Promise<void> {
  const [user] = await deps.db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, auth.userId));
  if (!user?.isStaff) fail('FORBIDDEN');
}

/** The companies waiting for moderation, the longest waiting first. */
export async function queue(deps: Deps): Promise<{ items: ModerationQueueItem[] }> {
  const rows = await deps.db
    .select()
    .from(suppliers)
    .where(eq(suppliers.status, 'moderation'))
    .orderBy(asc(suppliers.submittedAt), asc(suppliers.id));
  return {
    items: rows.map((row) => ({
      supplierId: row.id,
      name: row.name,
      supplierName: row.supplierName,
      country: row.country,
      tin: row.tin ?? '',
      submittedAt: (row.submittedAt ?? row.updatedAt).toISOString(),
      language: row.language,
    })),
  };
}

export async function companyForStaff(deps: Deps, supplierId: string): Promise<SupplierInfo> {
  return supplierInfoOf(deps.db, await loadSupplier(deps.db, supplierId));
}

type Decision = { action: 'approved' } | { action: 'rejected'; reason: string };

/**
 * Approves or rejects a company on moderation: one conditional update, so of two
 * staff deciding at once exactly one wins and the other gets 409. The decision,
 * its history entry, the audit entry and the mails to the company's admins (in
 * the language it was submitted in) commit together.
 */
export async function decide(deps: Deps, auth: AuthContext, supplierId: string, decision: Decision): Promise<SupplierInfo> {
  const now = deps.now();
  const reason = decision.action === 'rejected' ? decision.reason : null;
  const decided = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(suppliers)
      .set({ status: decision.action === 'approved' ? 'active' : 'rejected', rejectionReason: reason, updatedAt: now })
      .where(and(eq(suppliers.id, supplierId), eq(suppliers.status, 'moderation')))
      .returning();
    if (!row) {
      await loadSupplier(tx, supplierId);
      return fail('SUPPLIER_NOT_ON_MODERATION');
    }
    await tx
      .insert(moderationEvents)
      .values({ supplierId, action: decision.action, reason, language: row.language, userId: auth.userId, createdAt: now });
    const action = decision.action === 'approved' ? 'supplier.approve' : 'supplier.reject';
    await audit(tx, { action, userId: auth.userId, supplierId, ...(reason !== null && { details: { reason } }) }, now);
    await mailCompanyAdmins(
      tx,
      deps,
      row,
      decision.action === 'approved' ? { template: 'companyApproved' } : { template: 'companyRejected', reason: decision.reason },
    );
    return row;
  });
  return supplierInfoOf(deps.db, decided);
}
