import type { LookupAlertSettings } from '@contract/lookup-alerts';
import type { LookupAlertSettingsBody } from '@contract/schemas/lookup-alerts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { requireCompanyAdmin } from './company';

/** The columns that hold a company's failed-lookup alert thresholds (decision 097), as the contract names them. */
const settingsColumns = {
  tillMax: suppliers.lookupAlertTillMax,
  certificateMax: suppliers.lookupAlertCertificateMax,
  windowMinutes: suppliers.lookupAlertWindowMinutes,
};

/** A company's thresholds, for whoever counts its failed lookups (no access check: the caller has one). */
export async function lookupAlertSettingsOf(db: Executor, supplierId: string): Promise<LookupAlertSettings | undefined> {
  const [row] = await db.select(settingsColumns).from(suppliers).where(eq(suppliers.id, supplierId));
  return row;
}

/** The thresholds as the company's settings card shows them: for those who manage the company. */
export async function readLookupAlertSettings(deps: Deps, auth: AuthContext, supplierId: string): Promise<LookupAlertSettings> {
  await requireCompanyAdmin(deps, auth, supplierId);
  return (await lookupAlertSettingsOf(deps.db, supplierId)) ?? fail('SUPPLIER_NOT_FOUND');
}

/** Sets the thresholds, with an audit entry of the company kind; they count from the next failure on. */
export async function setLookupAlertSettings(deps: Deps, auth: AuthContext, body: LookupAlertSettingsBody): Promise<LookupAlertSettings> {
  await requireCompanyAdmin(deps, auth, body.supplierId);
  const { supplierId, ...settings } = body;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(suppliers)
      .set({
        lookupAlertTillMax: settings.tillMax,
        lookupAlertCertificateMax: settings.certificateMax,
        lookupAlertWindowMinutes: settings.windowMinutes,
      })
      .where(eq(suppliers.id, supplierId))
      .returning(settingsColumns);
    if (!row) return fail('SUPPLIER_NOT_FOUND');
    await audit(tx, { action: 'supplier.lookupAlertsChanged', userId: auth.userId, supplierId, details: { ...settings } }, now);
    return row;
  });
}
