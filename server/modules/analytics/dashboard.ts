import { rolesAllow, rolesWith } from '@contract/access';
import { localDate, type DashboardFigures } from '@contract/analytics';
import { and, arrayOverlaps, count, eq, sql } from 'drizzle-orm';
import { memberships, products, redemptions, suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { requireMembership } from '../../lib/membership';
import { companyOf, type ReportCompany } from './access';
import { liabilityOf } from './liability';
import { readsLookupAlerts, recentLookupAlerts } from './lookup-alerts';
import { withinPeriod } from './period';

/**
 * The dashboard's figures for any member (SPEC §6): today's redemptions for all; the liability only for those who
 * may read it; what waits for moderation only for those who manage the company; the recent failed-lookup alerts
 * only for those who read the audit log's money kind (decision 097). Each part is its own query, run together.
 */
export async function dashboard(deps: Deps, auth: AuthContext, supplierId: string): Promise<DashboardFigures> {
  const roles = await requireMembership(deps, auth.userId, supplierId, 'seeCompany');
  const company = await companyOf(deps, supplierId, roles);
  const now = deps.now();
  const readsLiability = rolesAllow(roles, 'readLiability');
  const [today, liability, moderation, lookupAlerts] = await Promise.all([
    todayOf(deps, company, now),
    readsLiability ? liabilityOf(deps, company, now) : null,
    rolesAllow(roles, 'manageCompany') ? waitingForModeration(deps, auth.userId, supplierId) : null,
    readsLookupAlerts(roles) ? recentLookupAlerts(deps, company, now) : null,
  ]);
  return {
    currency: company.currency,
    today,
    liability: liability && {
      count: liability.count,
      outstanding: liability.outstanding,
      byAge: liability.byAge,
      expiring: liability.expiring,
    },
    moderation,
    lookupAlerts: lookupAlerts && { timeZone: company.timeZone, items: lookupAlerts },
  };
}

/** The company's successful redemptions of its own today. */
async function todayOf(deps: Deps, company: ReportCompany, now: Date): Promise<DashboardFigures['today']> {
  const date = localDate(now, company.timeZone);
  const [row] = await deps.db
    .select({ count: count(), redeemed: sql`coalesce(sum(${redemptions.amount}), 0)::bigint`.mapWith(Number) })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.supplierId, company.id),
        eq(redemptions.status, 'success'),
        withinPeriod(redemptions.createdAt, { from: date, to: date, timeZone: company.timeZone }),
      ),
    );
  return { date, count: row?.count ?? 0, redeemed: row?.redeemed ?? 0 };
}

/** The viewer's companies (those they manage, as an active member) and the selected company's products in moderation. */
async function waitingForModeration(deps: Deps, userId: string, supplierId: string): Promise<DashboardFigures['moderation']> {
  const [[companies], [waitingProducts]] = await Promise.all([
    deps.db
      .select({ value: count() })
      .from(memberships)
      .innerJoin(suppliers, eq(suppliers.id, memberships.supplierId))
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.status, 'active'),
          arrayOverlaps(memberships.roles, rolesWith('manageCompany')),
          eq(suppliers.status, 'moderation'),
        ),
      ),
    deps.db
      .select({ value: count() })
      .from(products)
      .where(and(eq(products.supplierId, supplierId), eq(products.status, 'moderation'))),
  ]);
  return { companies: companies?.value ?? 0, products: waitingProducts?.value ?? 0 };
}
