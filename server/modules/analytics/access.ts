import type { CompanyCapability } from '@contract/access';
import { COUNTRY_TIME_ZONE, type Report, type ResolvedPeriod } from '@contract/analytics';
import { COUNTRY_CURRENCY, type Role } from '@contract/enums';
import type { ReportFilter } from '@contract/schemas/analytics';
import { eq } from 'drizzle-orm';
import { suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { resolvePeriod } from './period';

/** What reading each report takes; which roles hold it is src/contract/access.ts's (SPEC §6). */
export const REPORT_CAPABILITY = {
  sales: 'readSales',
  redemption: 'readRedemptions',
  liability: 'readLiability',
} as const satisfies Record<Report | 'liability', CompanyCapability>;

/** The company a report is about, with what its figures need: its days and its money. */
export interface ReportCompany {
  id: string;
  name: string;
  timeZone: string;
  currency: string;
  /** The viewer's roles in it. */
  roles: Role[];
}

/** Authorises the signed-in person for one report of one company (membership read on every call: decision 53). */
export async function openReport(
  deps: Deps,
  auth: AuthContext,
  supplierId: string,
  report: keyof typeof REPORT_CAPABILITY,
): Promise<ReportCompany> {
  const roles = await requireMembership(deps, auth.userId, supplierId, REPORT_CAPABILITY[report]);
  return companyOf(deps, supplierId, roles);
}

/** openReport, and the filter's days in the company's zone by the server's clock. */
export async function openReportPeriod(
  deps: Deps,
  auth: AuthContext,
  filter: ReportFilter,
  report: Report,
): Promise<{ company: ReportCompany; period: ResolvedPeriod }> {
  const company = await openReport(deps, auth, filter.supplierId, report);
  return { company, period: resolvePeriod(filter, company.timeZone, deps.now()) };
}

export async function companyOf(deps: Deps, supplierId: string, roles: Role[]): Promise<ReportCompany> {
  const [company] = await deps.db
    .select({ id: suppliers.id, name: suppliers.supplierName, country: suppliers.country })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!company) return fail('SUPPLIER_NOT_FOUND');
  return {
    id: company.id,
    name: company.name,
    timeZone: COUNTRY_TIME_ZONE[company.country],
    currency: COUNTRY_CURRENCY[company.country],
    roles,
  };
}
