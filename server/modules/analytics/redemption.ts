import { datesOf, type RedemptionReportRow, type RedemptionSummary, type ReportPage, type ResolvedPeriod } from '@contract/analytics';
import type { keyRedemptionReportQuery, RedemptionQuery, ReportFilter } from '@contract/schemas/analytics';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import { selectArrays } from '../../db/arrays';
import { apiKeys, certificates, redemptions, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { actorLabel } from '../api-keys';
import { companyOf, openReportPeriod, type ReportCompany } from './access';
import { REDEMPTION_COLUMNS, type ExportRow, type RedemptionColumn } from './columns';
import { exportSelection, keysetBatches, numberSearch, orderOf, type RedemptionFilter, type Sorting } from './filters';
import { localDays, localTime, resolvePeriod, withinPeriod } from './period';

/** Redemption report (decision 056): the company's ledger entries, successful and failed, made within the period. */

const SORT_COLUMNS = {
  date: redemptions.createdAt,
  sum: redemptions.amount,
  status: redemptions.status,
} as const;

const sortingOf = (query: RedemptionFilter): Sorting => ({ column: SORT_COLUMNS[query.sort], id: redemptions.id, order: query.order });

/**
 * The filtered entries. A search finds the company's certificates by their indexes and then their entries (the
 * ledger's own copies of number and order are read, not searched: no index of the ledger knows them).
 */
function redemptionWhere(company: ReportCompany, filter: ReportFilter, period: ResolvedPeriod): SQL | undefined {
  const search = numberSearch(filter.search, certificates.number, certificates.orderNumber);
  return and(
    eq(redemptions.supplierId, company.id),
    withinPeriod(redemptions.createdAt, period),
    search &&
      sql`${redemptions.certificateId} IN (SELECT ${certificates.id} FROM ${certificates} WHERE ${certificates.supplierId} = ${company.id} AND ${search})`,
  );
}

async function readRows(deps: Deps, where: SQL | undefined, sorting: Sorting, limit: number, offset = 0) {
  const rows = await deps.db
    .select({
      transactionId: redemptions.transactionNumber,
      orderNumber: redemptions.orderNumber,
      certificateId: redemptions.certificateId,
      certificateNumber: redemptions.certificateNumber,
      createdAt: redemptions.createdAt,
      sum: redemptions.amount,
      currency: redemptions.currency,
      status: redemptions.status,
      errorCode: redemptions.errorCode,
      user: actorLabel.id,
    })
    .from(redemptions)
    .leftJoin(users, eq(users.id, redemptions.userId))
    .leftJoin(apiKeys, eq(apiKeys.id, redemptions.apiKeyId))
    .where(where)
    .orderBy(...orderOf(sorting))
    .limit(limit)
    .offset(offset);
  return rows.map(({ createdAt, ...row }) => ({ ...row, date: createdAt.toISOString() }));
}

/** The export's columns as the database prints them (decision 057). */
const exportValues = (company: ReportCompany): Record<RedemptionColumn, SQL | AnyPgColumn> => ({
  transactionId: redemptions.transactionNumber,
  orderNumber: redemptions.orderNumber,
  certificate: redemptions.certificateNumber,
  date: localTime(redemptions.createdAt, company.timeZone),
  sum: redemptions.amount,
  currency: redemptions.currency,
  status: redemptions.status,
  error: redemptions.errorCode,
  user: actorLabel.id,
});

/** The report's rows for the filter in its order, `batchSize` at a time (keyset on (sort column, id)): the export reads these. */
export function redemptionExportBatches(
  deps: Deps,
  company: ReportCompany,
  query: RedemptionFilter,
  period: ResolvedPeriod,
  batchSize: number,
): AsyncGenerator<ExportRow[]> {
  const sorting = sortingOf(query);
  const where = redemptionWhere(company, query, period);
  const selection = exportSelection(sorting, REDEMPTION_COLUMNS, exportValues(company));
  return keysetBatches(sorting, batchSize, (after, limit) =>
    selectArrays(
      deps.db,
      deps.db
        .select(selection)
        .from(redemptions)
        .leftJoin(users, eq(users.id, redemptions.userId))
        .leftJoin(apiKeys, eq(apiKeys.id, redemptions.apiKeyId))
        .where(and(where, after))
        .orderBy(...orderOf(sorting))
        .limit(limit),
    ),
  );
}

export async function countRedemptions(deps: Deps, company: ReportCompany, query: ReportFilter, period: ResolvedPeriod): Promise<number> {
  const [row] = await deps.db
    .select({ value: count() })
    .from(redemptions)
    .where(redemptionWhere(company, query, period));
  return row?.value ?? 0;
}

/** One page of the report and the filtered set's size. */
export async function redemptionPage(deps: Deps, auth: AuthContext, query: RedemptionQuery): Promise<ReportPage<RedemptionReportRow>> {
  const { company, period } = await openReportPeriod(deps, auth, query, 'redemption');
  return reportPage(deps, company, period, query);
}

/**
 * The same page for a company's API key with the readReports scope (decision 093): the key's company, whose scope its
 * route checked.
 */
export async function keyRedemptionPage(
  deps: Deps,
  supplierId: string,
  query: v.InferOutput<typeof keyRedemptionReportQuery>,
): Promise<ReportPage<RedemptionReportRow>> {
  const company = await companyOf(deps, supplierId, []);
  return reportPage(deps, company, resolvePeriod(query, company.timeZone, deps.now()), { ...query, supplierId });
}

async function reportPage(
  deps: Deps,
  company: ReportCompany,
  period: ResolvedPeriod,
  query: RedemptionQuery,
): Promise<ReportPage<RedemptionReportRow>> {
  const [items, total] = await Promise.all([
    readRows(deps, redemptionWhere(company, query, period), sortingOf(query), query.pageSize, (query.page - 1) * query.pageSize),
    countRedemptions(deps, company, query, period),
  ]);
  return { items, page: query.page, pageSize: query.pageSize, total, period };
}

const successful = sql`${redemptions.status} = 'success'`;

/** Totals over the whole filtered ledger and the chart's days, in one pass grouped by day (the totals add the days up). */
export async function redemptionSummary(deps: Deps, auth: AuthContext, filter: ReportFilter): Promise<RedemptionSummary> {
  const { company, period } = await openReportPeriod(deps, auth, filter, 'redemption');
  const days = localDays(redemptions.createdAt, company.timeZone);
  const rows = await deps.db
    .select({
      day: days.day,
      count: count(),
      successful: sql`count(*) filter (where ${successful})`.mapWith(Number),
      redeemed: sql`coalesce(sum(${redemptions.amount}) filter (where ${successful}), 0)::bigint`.mapWith(Number),
    })
    .from(redemptions)
    .where(redemptionWhere(company, filter, period))
    .groupBy(days.by);
  const totals = { count: 0, successful: 0, failed: 0, redeemed: 0 };
  for (const day of rows) {
    totals.count += day.count;
    totals.successful += day.successful;
    totals.failed += day.count - day.successful;
    totals.redeemed += day.redeemed;
  }
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return {
    period,
    currency: company.currency,
    totals,
    series: datesOf(period).map((date) => ({ date, redeemed: byDay.get(date)?.redeemed ?? 0, count: byDay.get(date)?.successful ?? 0 })),
  };
}
