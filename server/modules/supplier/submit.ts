import type { SupplierGeneralInfo } from '@contract/company';
import { LOCALE_LANGUAGE, type Locale } from '@contract/enums';
import { and, eq, inArray } from 'drizzle-orm';
import { acceptedOffers, moderationEvents, suppliers, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { bumped, claimingRequisites, legalColumns, requireCompanyAdmin } from './company';
import { mailCompanyAdmins } from './notify';
import { renderOfferPdf } from './offer/pdf';
import { generalInfoOf, isEditable, loadSupplier } from './view';

const ATTEMPTS = 3;

/** The download's name: ASCII only, so that Content-Disposition needs no encoding. */
export const offerFileName = (tin: string): string => `certdesk-offer-${tin.replace(/[^\w-]/g, '')}.pdf`;

/**
 * `supplier/submit`: the admin accepts the offer in the interface language and
 * the company goes to moderation. The offer's PDF is rendered before the
 * transaction (it takes a few hundred milliseconds, too long to hold a lock on
 * the one PGlite connection); the transaction then commits only if the company
 * is still the revision the PDF shows, and otherwise the next attempt starts over.
 */
export async function submitCompany(
  deps: Deps,
  auth: AuthContext,
  body: { supplierId: string; language: Locale },
): Promise<SupplierGeneralInfo> {
  await requireCompanyAdmin(deps, auth, body.supplierId);
  const [user] = await deps.db
    .select({ firstName: users.firstName, secondName: users.secondName, email: users.email })
    .from(users)
    .where(eq(users.id, auth.userId));
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const row = await loadSupplier(deps.db, body.supplierId);
    if (!isEditable(row)) fail('SUPPLIER_NOT_EDITABLE');
    if (!row.legalType || !row.legalData) return fail('LEGAL_DATA_NOT_FOUND');
    if (!row.bankData) return fail('BANK_DATA_NOT_FOUND');
    const acceptedAt = deps.now();
    const content = await renderOfferPdf({
      language: LOCALE_LANGUAGE[body.language],
      acceptedAt,
      acceptedBy: `${user!.firstName} ${user!.secondName} (${user!.email})`,
      company: {
        name: row.name,
        country: row.country,
        webSite: row.webSite ?? '',
        legalType: row.legalType,
        legalData: row.legalData,
        bankData: row.bankData,
      },
    });
    // The OGRN is claimed again: one kept as a duplicate from before its index (decision 078) goes no further.
    const submitted = await claimingRequisites(() =>
      deps.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(suppliers)
          .set({
            status: 'moderation',
            language: body.language,
            submittedAt: acceptedAt,
            rejectionReason: null,
            ogrn: legalColumns(row.legalType, row.legalData).ogrn,
            ...bumped(deps),
          })
          .where(and(eq(suppliers.id, row.id), eq(suppliers.revision, row.revision), inArray(suppliers.status, ['draft', 'rejected'])))
          .returning();
        if (!updated) return undefined;
        const offer = { fileName: offerFileName(updated.tin ?? updated.id), language: body.language, acceptedAt, content };
        await tx
          .insert(acceptedOffers)
          .values({ supplierId: row.id, ...offer })
          .onConflictDoUpdate({ target: acceptedOffers.supplierId, set: offer });
        await tx
          .insert(moderationEvents)
          .values({ supplierId: row.id, action: 'submitted', language: body.language, userId: auth.userId, createdAt: acceptedAt });
        await audit(
          tx,
          { action: 'supplier.submit', userId: auth.userId, supplierId: row.id, details: { language: body.language } },
          acceptedAt,
        );
        await mailCompanyAdmins(tx, deps, updated, { template: 'companySubmitted' });
        return updated;
      }),
    );
    if (submitted) return generalInfoOf(submitted);
  }
  return fail('CONFLICT');
}
