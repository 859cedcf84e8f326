import { rolesAllow } from '@contract/access';
import { AUDIT_KIND_CAPABILITY } from '@contract/audit';
import type { Role } from '@contract/enums';
import {
  LOOKUP_ALERT_RECENT_DAYS,
  LOOKUP_ALERT_RECENT_MAX,
  lookupAlertAuditFilter,
  lookupAlertSubjectName,
  type LookupAlertView,
} from '@contract/lookup-alerts';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { apiKeys, certificates, lookupAlerts, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { ReportCompany } from './access';

/**
 * The failed-lookup alerts the dashboard shows (decision 097) to those who can follow their link: who reads the audit
 * log's money kind. Others get none, not an empty list that says there could be some.
 */
export const readsLookupAlerts = (roles: Role[]): boolean =>
  rolesAllow(roles, 'readAuditLog') && rolesAllow(roles, AUDIT_KIND_CAPABILITY.money);

/** The company's alerts of the last days, newest first, each with its subject's name and its audit log filter. */
export async function recentLookupAlerts(deps: Deps, company: ReportCompany, now: Date): Promise<LookupAlertView[]> {
  const since = new Date(now.getTime() - LOOKUP_ALERT_RECENT_DAYS * 86_400_000);
  const rows = await deps.db
    .select({
      id: lookupAlerts.id,
      subject: lookupAlerts.subjectKind,
      subjectId: lookupAlerts.subjectId,
      failures: lookupAlerts.failures,
      windowStart: lookupAlerts.windowStart,
      windowEnd: lookupAlerts.windowEnd,
      firstName: users.firstName,
      secondName: users.secondName,
      keyName: apiKeys.name,
      keyPrefix: apiKeys.prefix,
      certificateNumber: certificates.number,
    })
    .from(lookupAlerts)
    .leftJoin(users, and(eq(lookupAlerts.subjectKind, 'user'), eq(users.id, lookupAlerts.subjectId)))
    .leftJoin(apiKeys, and(eq(lookupAlerts.subjectKind, 'apiKey'), eq(apiKeys.id, lookupAlerts.subjectId)))
    .leftJoin(certificates, and(eq(lookupAlerts.subjectKind, 'certificate'), eq(certificates.id, lookupAlerts.subjectId)))
    .where(and(eq(lookupAlerts.supplierId, company.id), gte(lookupAlerts.createdAt, since)))
    .orderBy(desc(lookupAlerts.createdAt), sql`${lookupAlerts.id}`)
    .limit(LOOKUP_ALERT_RECENT_MAX);
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    name: lookupAlertSubjectName(row.subject, {
      person: row.firstName !== null && row.secondName !== null ? { firstName: row.firstName, secondName: row.secondName } : null,
      key: row.keyName !== null && row.keyPrefix !== null ? { name: row.keyName, prefix: row.keyPrefix } : null,
      number: row.certificateNumber,
    }),
    failures: row.failures,
    windowStart: row.windowStart.toISOString(),
    windowEnd: row.windowEnd.toISOString(),
    audit: lookupAlertAuditFilter(row, company.timeZone),
  }));
}
