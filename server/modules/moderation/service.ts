import type { ModerationList, ModerationQueueItem, ModerationWaiting, SupplierInfo } from '@contract/company';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { moderationEvents, products, suppliers, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit, type AuditEntry } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { requireAccount } from '../../lib/membership';
import { belongsTo } from '../../lib/staff';
import { decideCompany, loadSupplier, mailCompanyAdmins, supplierInfoOf, type ModerationDecision } from '../supplier';
import { recordEvent } from '../webhooks';

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

export interface QueuePage {
  items: ModerationQueueItem[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * A page of the moderation list: the companies waiting, the longest waiting first; or the decisions made (issue 35),
 * the latest first, each with its date and who made it (a company decided twice is listed twice: it is a history).
 */
export async function queue(deps: Deps, query: { status: ModerationList; page: number; pageSize: number }): Promise<QueuePage> {
  const offset = (query.page - 1) * query.pageSize;
  return query.status === 'moderation'
    ? waitingPage(deps, query.pageSize, offset, query)
    : decidedPage(deps, query.pageSize, offset, query);
}

const itemOf = (row: typeof suppliers.$inferSelect, decision: ModerationQueueItem['decision']): ModerationQueueItem => ({
  supplierId: row.id,
  name: row.name,
  supplierName: row.supplierName,
  country: row.country,
  tin: row.tin ?? '',
  submittedAt: (row.submittedAt ?? row.updatedAt).toISOString(),
  language: row.language,
  decision,
});

async function waitingPage(deps: Deps, limit: number, offset: number, paging: { page: number; pageSize: number }): Promise<QueuePage> {
  const waiting = eq(suppliers.status, 'moderation');
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(suppliers).where(waiting);
  const rows = await deps.db
    .select()
    .from(suppliers)
    .where(waiting)
    .orderBy(asc(suppliers.submittedAt), asc(suppliers.id))
    .limit(limit)
    .offset(offset);
  return { items: rows.map((row) => itemOf(row, null)), ...paging, total };
}

async function decidedPage(deps: Deps, limit: number, offset: number, paging: { page: number; pageSize: number }): Promise<QueuePage> {
  const decided = inArray(moderationEvents.action, ['approved', 'rejected']);
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(moderationEvents).where(decided);
  const rows = await deps.db
    .select({ supplier: suppliers, event: moderationEvents, firstName: users.firstName, secondName: users.secondName })
    .from(moderationEvents)
    .innerJoin(suppliers, eq(suppliers.id, moderationEvents.supplierId))
    .leftJoin(users, eq(users.id, moderationEvents.userId))
    .where(decided)
    .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.seq))
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map(({ supplier, event, firstName, secondName }) =>
      itemOf(supplier, {
        action: event.action as 'approved' | 'rejected',
        at: event.createdAt.toISOString(),
        // A deleted account's decisions stay; its name does not.
        by: firstName === null ? null : `${firstName} ${secondName ?? ''}`.trim(),
      }),
    ),
    ...paging,
    total,
  };
}

/** What waits for a decision: companies and products on moderation (the moderator's home). */
export async function waiting(deps: Deps): Promise<ModerationWaiting> {
  const [companies] = await deps.db.select({ total: count() }).from(suppliers).where(eq(suppliers.status, 'moderation'));
  const [waitingProducts] = await deps.db.select({ total: count() }).from(products).where(eq(products.status, 'moderation'));
  return { companies: companies?.total ?? 0, products: waitingProducts?.total ?? 0 };
}

export async function companyForStaff(deps: Deps, supplierId: string): Promise<SupplierInfo> {
  return supplierInfoOf(deps.db, await loadSupplier(deps.db, supplierId));
}

/**
 * Approves or rejects a company on moderation (of two staff deciding at once exactly one wins, decideCompany). The
 * decision, its history entry, the audit entry, the mails to the company's admins (in the language it was
 * submitted in) and the company's webhook event commit together.
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
    await (decision.action === 'approved'
      ? recordEvent(tx, supplierId, 'company.approved', { supplierId, name: row.name }, now)
      : recordEvent(tx, supplierId, 'company.rejected', { supplierId, name: row.name, reason: decision.reason }, now));
    return row;
  });
  return supplierInfoOf(deps.db, decided);
}
