import type { SupplierGeneralInfo, SupplierInfo } from '@contract/company';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { acceptedOffers, moderationEvents, suppliers } from '../../db/schema';
import { fail } from '../../lib/errors';

export type SupplierRow = typeof suppliers.$inferSelect;

/** Draft or rejected: the admin may still change it (SPEC §4). */
export const isEditable = (row: Pick<SupplierRow, 'status'>): boolean => row.status === 'draft' || row.status === 'rejected';

/** The wizard's progress as the server holds it (SPEC §3 "Supplier creation wizard state"). */
export function generalInfoOf(row: SupplierRow): SupplierGeneralInfo {
  const editable = isEditable(row);
  const steps = { company: true, legal: row.legalType !== null && row.legalData !== null, bank: row.bankData !== null };
  return {
    supplierId: row.id,
    name: row.name,
    country: row.country,
    status: row.status,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    steps,
    editable,
    submittable: editable && steps.legal && steps.bank,
    cancellable: row.status === 'draft' && row.submittedAt === null,
  };
}

/** Whether any company is a branch of this one. */
export async function hasBranches(db: Executor, supplierId: string): Promise<boolean> {
  const [branch] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.parentId, supplierId)).limit(1);
  return branch !== undefined;
}

export async function loadSupplier(db: Executor, supplierId: string): Promise<SupplierRow> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, supplierId));
  return row ?? fail('SUPPLIER_NOT_FOUND');
}

/** SPEC §3 "Supplier info" with the status, the offer's file and the moderation history. */
export async function supplierInfoOf(db: Executor, row: SupplierRow): Promise<SupplierInfo> {
  const [parent] = row.parentId
    ? await db.select({ id: suppliers.id, name: suppliers.supplierName }).from(suppliers).where(eq(suppliers.id, row.parentId))
    : [];
  const [offer] = await db
    .select({
      fileName: acceptedOffers.fileName,
      acceptedAt: acceptedOffers.acceptedAt,
      size: sql<number>`octet_length(${acceptedOffers.content})`.mapWith(Number),
    })
    .from(acceptedOffers)
    .where(eq(acceptedOffers.supplierId, row.id));
  const events = await db
    .select({
      action: moderationEvents.action,
      at: moderationEvents.createdAt,
      reason: moderationEvents.reason,
      language: moderationEvents.language,
    })
    .from(moderationEvents)
    .where(eq(moderationEvents.supplierId, row.id))
    .orderBy(asc(moderationEvents.seq));
  return {
    supplierId: row.id,
    country: row.country,
    name: row.name,
    supplierName: row.supplierName,
    tin: row.tin ?? '',
    webSite: row.webSite ?? '',
    legalType: row.legalType,
    status: row.status,
    parentSupplierName: parent?.name ?? null,
    parentSupplier: parent ? { parentSupplierId: parent.id, parentSupplierName: parent.name } : null,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    language: row.language,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    contractResponse: offer
      ? { acceptedOfferFileSize: offer.size, acceptedOfferFileName: offer.fileName, acceptedAt: offer.acceptedAt.toISOString() }
      : null,
    legalDataDataResponse: row.legalData,
    bankAccountDataResponse: row.bankData,
    history: events.map((event) => ({ ...event, at: event.at.toISOString() })),
    holderNotices: row.holderNotices,
  };
}

/** The accepted offer's PDF, for its download. */
export async function readOffer(db: Executor, supplierId: string): Promise<{ fileName: string; content: Uint8Array }> {
  const [offer] = await db
    .select({ fileName: acceptedOffers.fileName, content: acceptedOffers.content })
    .from(acceptedOffers)
    .where(eq(acceptedOffers.supplierId, supplierId));
  return offer ?? fail('OFFER_NOT_FOUND');
}
