import type { ExportFormat, Report } from '@contract/analytics';
import type { Locale } from '@contract/enums';
import type { RedemptionQuery, SalesQuery } from '@contract/schemas/analytics';
import type { AuditListQuery } from '@contract/schemas/audit';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '@/lib/documents';
import { get, getBlob, post } from '@/lib/http';
import { selectedSupplierId } from '@/lib/queries';
import { preload, type LoadCause } from '@/lib/query-client';
import { pickSupplier, selectSupplier, supplierStore } from '@/lib/suppliers';
import { auditSearch, redemptionSearch, salesSearch, summaryFilter, type ReportSearch, type SummaryFilter } from './search';

/**
 * Query keys of the reports, per company: each report's pages (one per filter,
 * sort and page) and summaries (one per filter), and the liability. Reports
 * only read: nothing invalidates them, each opening asks again.
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  supplier: (supplierId: string) => [...analyticsKeys.all, supplierId] as const,
  report: (supplierId: string, report: Report) => [...analyticsKeys.supplier(supplierId), report] as const,
  page: (report: Report, query: SalesQuery | RedemptionQuery) =>
    [...analyticsKeys.report(query.supplierId, report), 'page', query] as const,
  summary: (report: Report, filter: SummaryFilter) => [...analyticsKeys.report(filter.supplierId, report), 'summary', filter] as const,
  liability: (supplierId: string) => [...analyticsKeys.supplier(supplierId), 'liability'] as const,
  mails: (supplierId: string, report: Report) => [...analyticsKeys.report(supplierId, report), 'mails'] as const,
  /** A page of the audit log, as its members or (staff) marketplace staff read it. */
  audit: (query: AuditListQuery, staff: boolean) => [...analyticsKeys.supplier(query.supplierId), 'audit', staff, query] as const,
};

/** The query string of a report's filters (the API reads text; parameters left unset are not sent). */
const filterParams = (filter: SummaryFilter) => summaryFilter(filter);
const pageParams = <Query extends SalesQuery | RedemptionQuery>(query: Query) => ({
  ...filterParams(query),
  sort: query.sort as Query['sort'],
  order: query.order,
  page: String(query.page),
  pageSize: String(query.pageSize),
});

// Pages show their own failures; paging and sorting keep the rows on screen until the next answer replaces them.
const reportOptions = { staleTime: 0, placeholderData: keepPreviousData } as const;

export const salesReportQuery = (query: SalesQuery) =>
  queryOptions({
    ...reportOptions,
    queryKey: analyticsKeys.page('sales', query),
    queryFn: ({ signal }) => get('/api/front/analytics/sales', { query: pageParams(query), signal, quiet: true }),
  });

export const salesSummaryQuery = (filter: SummaryFilter) =>
  queryOptions({
    ...reportOptions,
    queryKey: analyticsKeys.summary('sales', summaryFilter(filter)),
    queryFn: ({ signal }) => get('/api/front/analytics/sales/summary', { query: filterParams(filter), signal, quiet: true }),
  });

export const redemptionReportQuery = (query: RedemptionQuery) =>
  queryOptions({
    ...reportOptions,
    queryKey: analyticsKeys.page('redemption', query),
    queryFn: ({ signal }) => get('/api/front/analytics/redemption', { query: pageParams(query), signal, quiet: true }),
  });

export const redemptionSummaryQuery = (filter: SummaryFilter) =>
  queryOptions({
    ...reportOptions,
    queryKey: analyticsKeys.summary('redemption', summaryFilter(filter)),
    queryFn: ({ signal }) => get('/api/front/analytics/redemption/summary', { query: filterParams(filter), signal, quiet: true }),
  });

export const liabilityQuery = (supplierId: string) =>
  queryOptions({
    staleTime: 0,
    queryKey: analyticsKeys.liability(supplierId),
    queryFn: ({ signal }) => get('/api/front/analytics/liability', { query: { supplierId }, signal, quiet: true }),
  });

/** The audit log's filters as the API reads them (text; parameters left unset are not sent). */
const auditFilterParams = ({ supplierId, period, from, to, kind, userId, certificate }: AuditListQuery) => ({
  supplierId,
  period,
  from,
  to,
  kind,
  userId,
  certificate,
});
/** The audit log: the company's, or (staff) any company's in the admin area. */
const auditPath = (staff: boolean) => (staff ? '/api/admin/audit' : '/api/front/audit');

export const auditLogQuery = (query: AuditListQuery, staff: boolean) =>
  queryOptions({
    ...reportOptions,
    queryKey: analyticsKeys.audit(query, staff),
    queryFn: ({ signal }) =>
      get(auditPath(staff), {
        query: { ...auditFilterParams(query), page: String(query.page), pageSize: String(query.pageSize) },
        signal,
        quiet: true,
      }),
  });

/** The filtered audit log as a file, its words in `locale`, saved under `filename`. */
export async function downloadAuditLog(query: AuditListQuery, staff: boolean, format: ExportFormat, locale: Locale, filename: string) {
  const blob = await getBlob(`${auditPath(staff)}/export`, { query: { ...auditFilterParams(query), format, locale }, quiet: true });
  saveFile(blob, filename);
}

/** The reports this person mailed from the company lately, with where each mail is (decision 082). */
export const reportMailsQuery = (supplierId: string, report: Report) =>
  queryOptions({
    staleTime: 0,
    queryKey: analyticsKeys.mails(supplierId, report),
    queryFn: ({ signal }) => {
      switch (report) {
        case 'sales':
          return get('/api/front/analytics/sales/mails', { query: { supplierId }, signal, quiet: true });
        case 'redemption':
          return get('/api/front/analytics/redemption/mails', { query: { supplierId }, signal, quiet: true });
        case 'liability':
          return get('/api/front/analytics/liability/mails', { query: { supplierId }, signal, quiet: true });
      }
    },
  });

/*
 * Route loaders (imported by the routes on navigation, so none of this rides in the route tree every page loads).
 */
export const loadSales = async (search: ReportSearch, cause: LoadCause) => {
  const supplierId = selectedSupplierId();
  if (!supplierId) return;
  const { query } = salesSearch(supplierId, search);
  await Promise.all([preload(salesReportQuery(query), cause), preload(salesSummaryQuery(query), cause)]);
};
export const loadRedemption = async (search: ReportSearch, cause: LoadCause) => {
  const supplierId = selectedSupplierId();
  if (!supplierId) return;
  const { query } = redemptionSearch(supplierId, search);
  await Promise.all([preload(redemptionReportQuery(query), cause), preload(redemptionSummaryQuery(query), cause)]);
};
export const loadAuditLog = async (search: ReportSearch, cause: LoadCause) => {
  // A failed-lookup alert's mail names its company (decision 097): one of the reader's is selected for them.
  const named = typeof search.supplierId === 'string' ? search.supplierId : null;
  if (named && named !== selectedSupplierId() && pickSupplier(supplierStore.get().items, named) === named) selectSupplier(named);
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(auditLogQuery(auditSearch(supplierId, search).query, false), cause);
};
export const loadStaffAuditLog = (supplierId: string, search: ReportSearch, cause: LoadCause) =>
  preload(auditLogQuery(auditSearch(supplierId, search).query, true), cause);
export const loadLiability = async () => {
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(liabilityQuery(supplierId));
};

/** What an export or an e-mail sends: the page's filters and sort, without paging. */
const exportParams = <Query extends SalesQuery | RedemptionQuery>(query: Query) => ({
  ...filterParams(query),
  sort: query.sort as Query['sort'],
  order: query.order,
});

/** The page's query of a report, told apart by the report's name; the liability's is only its company. */
export type ReportQuery =
  | { report: 'sales'; query: SalesQuery }
  | { report: 'redemption'; query: RedemptionQuery }
  | { report: 'liability'; query: { supplierId: string } };

/** The file of the page's report, its column titles in `locale`. */
function reportFile(which: ReportQuery, format: ExportFormat, locale: Locale): Promise<Blob> {
  switch (which.report) {
    case 'sales':
      return getBlob('/api/front/analytics/sales/export', { query: { ...exportParams(which.query), format, locale }, quiet: true });
    case 'redemption':
      return getBlob('/api/front/analytics/redemption/export', { query: { ...exportParams(which.query), format, locale }, quiet: true });
    case 'liability':
      return getBlob('/api/front/analytics/liability/export', {
        query: { supplierId: which.query.supplierId, format, locale },
        quiet: true,
      });
  }
}

/** Sends the page's report as an XLSX attachment to `email`. */
function mailReport(which: ReportQuery, email: string) {
  switch (which.report) {
    case 'sales':
      return post('/api/front/analytics/sales/email', { json: { ...exportParams(which.query), email }, quiet: true });
    case 'redemption':
      return post('/api/front/analytics/redemption/email', { json: { ...exportParams(which.query), email }, quiet: true });
    case 'liability':
      return post('/api/front/analytics/liability/email', { json: { supplierId: which.query.supplierId, email }, quiet: true });
  }
}

/** The file of a report with the page's filters, column titles in `locale`, saved under `filename`. */
export async function downloadReport(which: ReportQuery, format: ExportFormat, locale: Locale, filename: string): Promise<void> {
  const blob = await reportFile(which, format, locale);
  saveFile(blob, filename);
}

/** Sends the page's report as an XLSX attachment to `email`, and asks again which mails of it went where. */
export const useMailReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    onSettled: (_data, _error, { which }) =>
      queryClient.invalidateQueries({ queryKey: analyticsKeys.mails(which.query.supplierId, which.report) }),
    mutationFn: ({ which, email }: { which: ReportQuery; email: string }) => mailReport(which, email),
  });
};
