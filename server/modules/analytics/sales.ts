import {
  datesOf,
  type ReportPage,
  type ResolvedPeriod,
  type SalesReportRow,
  type SalesSummary,
  type SalesTotals,
} from '@contract/analytics';
import type { ReportFilter, SalesQuery } from '@contract/schemas/analytics';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { selectArrays } from '../../db/arrays';
import { certificates, products, redemptions } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { openReportPeriod, type ReportCompany } from './access';
import { SALES_COLUMNS, type ExportRow, type SalesColumn } from './columns';
import { exportSelection, keysetBatches, numberSearch, orderOf, type SalesFilter, type Sorting } from './filters';
import { localDays, localTime, withinPeriod } from './period';

/** Sales report (decision 056): the company's certificates bought within the period. */

const SORT_COLUMNS = {
  date: certificates.purchasedAt,
  orderNumber: certificates.orderNumber,
  certificate: certificates.number,
  denomination: certificates.denomination,
  balance: certificates.balance,
  expiry: certificates.validUntil,
} as const;

const sortingOf = (query: SalesFilter): Sorting => ({ column: SORT_COLUMNS[query.sort], id: certificates.id, order: query.order });

const search = (filter: ReportFilter) => numberSearch(filter.search, certificates.number, certificates.orderNumber);

/** The filtered certificates: the page, the export, the count and the totals read the same ones. */
const salesWhere = (company: ReportCompany, filter: ReportFilter, period: ResolvedPeriod): SQL | undefined =>
  and(eq(certificates.supplierId, company.id), withinPeriod(certificates.purchasedAt, period), search(filter));

const money = (value: SQL) => sql`coalesce(${value}, 0)::bigint`.mapWith(Number);

async function readRows(deps: Deps, where: SQL | undefined, sorting: Sorting, limit: number, offset = 0) {
  const rows = await deps.db
    .select({
      certificateId: certificates.id,
      orderNumber: certificates.orderNumber,
      purchasedAt: certificates.purchasedAt,
      channel: certificates.channel,
      number: certificates.number,
      product: products.name,
      denomination: certificates.denomination,
      balance: certificates.balance,
      validUntil: certificates.validUntil,
      status: certificates.status,
      parameter: certificates.parameter,
      currency: certificates.currency,
    })
    .from(certificates)
    .innerJoin(products, eq(products.id, certificates.productId))
    .where(where)
    .orderBy(...orderOf(sorting))
    .limit(limit)
    .offset(offset);
  const now = deps.now();
  return rows.map((row) => salesRow(row, now));
}

function salesRow(
  row: Omit<SalesReportRow, 'date' | 'certificate' | 'expiry' | 'used' | 'expired' | 'blocked'> & {
    purchasedAt: Date;
    number: string;
    validUntil: Date;
    status: string;
  },
  now: Date,
): SalesReportRow {
  return {
    certificateId: row.certificateId,
    orderNumber: row.orderNumber,
    date: row.purchasedAt.toISOString(),
    channel: row.channel,
    certificate: row.number,
    product: row.product,
    denomination: row.denomination,
    balance: row.balance,
    expiry: row.validUntil.toISOString(),
    used: row.denomination - row.balance,
    expired: row.validUntil <= now && row.balance > 0,
    blocked: row.status === 'blocked',
    parameter: row.parameter,
    currency: row.currency,
  };
}

/** The export's columns as the database prints them (decision 057). */
const exportValues = (company: ReportCompany, now: Date): Record<SalesColumn, SQL | AnyPgColumn> => ({
  orderNumber: certificates.orderNumber,
  date: localTime(certificates.purchasedAt, company.timeZone),
  channel: certificates.channel,
  certificate: certificates.number,
  product: products.name,
  denomination: certificates.denomination,
  balance: certificates.balance,
  expiry: localTime(certificates.validUntil, company.timeZone),
  used: sql`${certificates.denomination} - ${certificates.balance}`,
  expired: sql`${certificates.validUntil} <= ${now.toISOString()}::timestamptz and ${certificates.balance} > 0`,
  blocked: sql`${certificates.status} = 'blocked'`,
  parameter: certificates.parameter,
  currency: certificates.currency,
});

/** The report's rows for the filter in its order, `batchSize` at a time (keyset on (sort column, id)): the export reads these. */
export function salesExportBatches(
  deps: Deps,
  company: ReportCompany,
  query: SalesFilter,
  period: ResolvedPeriod,
  batchSize: number,
): AsyncGenerator<ExportRow[]> {
  const sorting = sortingOf(query);
  const where = salesWhere(company, query, period);
  const selection = exportSelection(sorting, SALES_COLUMNS, exportValues(company, deps.now()));
  return keysetBatches(sorting, batchSize, (after, limit) =>
    selectArrays(
      deps.db,
      deps.db
        .select(selection)
        .from(certificates)
        .innerJoin(products, eq(products.id, certificates.productId))
        .where(and(where, after))
        .orderBy(...orderOf(sorting))
        .limit(limit),
    ),
  );
}

export async function countSales(deps: Deps, company: ReportCompany, query: ReportFilter, period: ResolvedPeriod): Promise<number> {
  const [row] = await deps.db
    .select({ value: count() })
    .from(certificates)
    .where(salesWhere(company, query, period));
  return row?.value ?? 0;
}

/** One page of the report and the filtered set's size. */
export async function salesPage(deps: Deps, auth: AuthContext, query: SalesQuery): Promise<ReportPage<SalesReportRow>> {
  const { company, period } = await openReportPeriod(deps, auth, query, 'sales');
  const [items, total] = await Promise.all([
    readRows(deps, salesWhere(company, query, period), sortingOf(query), query.pageSize, (query.page - 1) * query.pageSize),
    countSales(deps, company, query, period),
  ]);
  return { items, page: query.page, pageSize: query.pageSize, total, period };
}

/**
 * Totals over the whole filtered set and the chart's days, in one pass over the certificates grouped by purchase day
 * (the totals are the days added up) and one over the ledger's successful entries grouped by their day.
 */
export async function salesSummary(deps: Deps, auth: AuthContext, filter: ReportFilter): Promise<SalesSummary> {
  const { company, period } = await openReportPeriod(deps, auth, filter, 'sales');
  const now = deps.now().toISOString();
  const sold = localDays(certificates.purchasedAt, company.timeZone);
  const spent = localDays(redemptions.createdAt, company.timeZone);
  const ledger = deps.db.select({ day: spent.day, redeemed: money(sql`sum(${redemptions.amount})`) }).from(redemptions);
  const [soldDays, redeemedDays] = await Promise.all([
    deps.db
      .select({
        day: sold.day,
        count: count(),
        issued: money(sql`sum(${certificates.denomination})`),
        redeemed: money(sql`sum(${certificates.denomination} - ${certificates.balance})`),
        outstanding: money(sql`sum(${certificates.balance}) filter (where ${certificates.validUntil} > ${now}::timestamptz)`),
      })
      .from(certificates)
      .where(salesWhere(company, filter, period))
      .groupBy(sold.by),
    // Only a search needs the certificate: the ledger's own (supplier, time) index serves the rest.
    (filter.search ? ledger.innerJoin(certificates, eq(certificates.id, redemptions.certificateId)) : ledger)
      .where(
        and(
          eq(redemptions.supplierId, company.id),
          eq(redemptions.status, 'success'),
          withinPeriod(redemptions.createdAt, period),
          search(filter),
        ),
      )
      .groupBy(spent.by),
  ]);
  const totals = { count: 0, issued: 0, redeemed: 0, outstanding: 0 };
  for (const day of soldDays) for (const key of Object.keys(totals) as (keyof SalesTotals)[]) totals[key] += day[key];
  const issued = new Map(soldDays.map((row) => [row.day, row.issued]));
  const redeemed = new Map(redeemedDays.map((row) => [row.day, row.redeemed]));
  return {
    period,
    currency: company.currency,
    totals,
    series: datesOf(period).map((date) => ({ date, issued: issued.get(date) ?? 0, redeemed: redeemed.get(date) ?? 0 })),
  };
}
