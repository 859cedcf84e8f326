import type { ErrorCode } from '@contract/errors';
import {
  redemptionReportQuery,
  salesReportQuery,
  type RedemptionQuery,
  type ReportFilter,
  type SalesQuery,
} from '@contract/schemas/analytics';
import { auditListQuery, type AuditListQuery } from '@contract/schemas/audit';
import * as v from 'valibot';

/**
 * A report's URL search params as its route passes them on, unchecked (the
 * route tree every page loads carries no schema): narrowed here by the
 * contract's rules.
 */
export interface ReportSearch {
  period?: string;
  from?: string;
  to?: string;
  search?: string;
  sort?: string;
  order?: string;
  page?: number;
  /** The audit log's: a kind of entry, one person's entries, one certificate's (a failed-lookup alert's link). */
  kind?: string;
  userId?: string;
  certificate?: string;
  /** A mail's link names the company it is about (decision 097): the page selects it if it is one of the reader's. */
  supplierId?: string;
}

/** The filters the server is asked with, and why a range in the URL was set aside (shown on the picker). */
export interface Narrowed<Query> {
  query: Query;
  rangeError: ErrorCode | null;
}

const RANGE_KEYS = new Set(['from', 'to']);

/**
 * The URL's params → the report's query. A param that breaks a rule is dropped
 * (the default takes its place: a shared link with a typo still shows a
 * report), a broken range both ends at once, with its error kept to show.
 */
function narrow<Query>(
  schema: v.GenericSchema<Record<string, string | undefined>, Query>,
  supplierId: string,
  search: ReportSearch,
): Narrowed<Query> {
  // The route hands the URL's values over unchecked: a number typed in the address (`?search=1234`) arrives parsed.
  const text = (value: unknown) => (typeof value === 'string' ? value || undefined : typeof value === 'number' ? String(value) : undefined);
  const input: Record<string, string | undefined> = {
    supplierId,
    period: text(search.period),
    from: text(search.from),
    to: text(search.to),
    search: text(search.search),
    sort: text(search.sort),
    order: text(search.order),
    page: text(search.page),
    kind: text(search.kind),
    userId: text(search.userId),
    certificate: text(search.certificate),
  };
  let rangeError: ErrorCode | null = null;
  // Each round drops at least one param: a few rounds settle any URL.
  for (let round = 0; round < 8; round++) {
    const result = v.safeParse(schema, input);
    if (result.success) return { query: result.output, rangeError };
    for (const issue of result.issues) {
      const key = String(issue.path?.[0]?.key ?? '');
      if (RANGE_KEYS.has(key)) {
        rangeError ??= issue.message as ErrorCode;
        input.from = input.to = undefined;
      } else if (key && key !== 'supplierId') input[key] = undefined;
      else throw new Error(issue.message);
    }
  }
  throw new Error('unsettled report search');
}

export const salesSearch = (supplierId: string, search: ReportSearch): Narrowed<SalesQuery> => narrow(salesReportQuery, supplierId, search);
export const redemptionSearch = (supplierId: string, search: ReportSearch): Narrowed<RedemptionQuery> =>
  narrow(redemptionReportQuery, supplierId, search);

export const auditSearch = (supplierId: string, search: ReportSearch): Narrowed<AuditListQuery> =>
  narrow(auditListQuery, supplierId, search);

/** What the totals and the chart are asked with: the page's filters without sorting and paging. */
export type SummaryFilter = Pick<ReportFilter, 'supplierId' | 'period' | 'from' | 'to' | 'search'>;

export const summaryFilter = ({ supplierId, period, from, to, search }: SummaryFilter): SummaryFilter => ({
  supplierId,
  period,
  from,
  to,
  search: search || undefined,
});
