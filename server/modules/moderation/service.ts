import type { ModerationQueueItem, SupplierInfo } from '@contract/company';
import { asc, eq } from 'drizzle-orm';
import { suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit, type AuditEntry } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { requireAccount } from '../../lib/membership';
import { belongsTo } from '../../lib/staff';
import { decideCompany, loadSupplier, mailCompanyAdmins, supplierInfoOf, type ModerationDecision } from '../supplier';

/** Marketplace staff only (users.isStaff: the capability `moderate`); suppliers get 403 (decision 50). */
export const requireStaff = (deps: Deps, auth: AuthContext): Promise<void> => requireAccount(deps, auth.userId, 'moderate');

/**
 * Nobody moderates a company they belong to, nor its products (decision 077): the refusal is a coded 403 and is
 * audited (`<subject>.moderationRefused`, with what was tried), outside any transaction so that it stays.
 */
export async function refuseOwnCompany(
  deps: Deps,
  auth: AuthContext,
  supplierId: string,
  refused: { subject: 'supplier' | 'product'; details: AuditEntry['details'] },
): Promise<void> {
  if (!(await belongsTo(deps.db, auth.userId, supplierId))) return;
  await audit(
    deps.db,
    { action: `${refused.subject}.moderationRefused`, userId: auth.userId, supplierId, details: refused.details },
    deps.now(),
  );
  fail('OWN_COMPANY_MODERATION');
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

/**
 * Approves or rejects a company on moderation (of two staff deciding at once exactly one wins, decideCompany). The
 * decision, its history entry, the audit entry and the mails to the company's admins (in the language it was
 * submitted in) commit together.
 */
export async function decide(deps: Deps, auth: AuthContext, supplierId: string, decision: ModerationDecision): Promise<SupplierInfo> {
  await refuseOwnCompany(deps, auth, supplierId, { subject: 'supplier', details: { action: decision.action } });
  const now = deps.now();
  const reason = decision.action === 'rejected' ? decision.reason : null;
  const decided = await deps.db.transaction(async (tx) => {
    const row = await decideCompany(tx, supplierId, decision, { userId: auth.userId, now });
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
