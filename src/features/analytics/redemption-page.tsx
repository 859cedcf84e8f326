import type { RedemptionDay, RedemptionReportRow, RedemptionSort, RedemptionTotals } from '@contract/analytics';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSupplierId } from '@/lib/queries';
import { Badge } from '@/ui/badge';
import { redemptionReportQuery, redemptionSummaryQuery } from './queries';
import { ReportView, type ReportKind } from './report-view';
import { redemptionSearch, type ReportSearch } from './search';

function Status({ row }: { row: RedemptionReportRow }) {
  const intl = useIntl();
  return row.status === 'success' ? (
    <Badge tone="success">{intl.formatMessage({ id: 'analytics.status.success' })}</Badge>
  ) : (
    <Badge tone="danger" title={row.errorCode ?? undefined}>
      {intl.formatMessage({ id: 'analytics.status.error' })}
    </Badge>
  );
}

/** SPEC §3 "Redemption report row", in its order. */
const REDEMPTION: ReportKind<RedemptionReportRow, RedemptionSort, RedemptionTotals, RedemptionDay> = {
  report: 'redemption',
  titleId: 'analytics.redemption.title',
  chartTitleId: 'analytics.redemption.chart',
  rowKey: (row) => row.transactionId,
  columns: [
    { id: 'transactionId', labelId: 'analytics.column.transaction', cell: (row) => row.transactionId },
    { id: 'orderNumber', labelId: 'analytics.column.orderNumber', cell: (row) => row.orderNumber },
    { id: 'certificate', labelId: 'analytics.column.certificate', cell: (row) => row.certificateNumber },
    {
      id: 'date',
      labelId: 'analytics.column.date',
      sort: 'date',
      cell: (row, { format, timeZone }) => format.dateTime(row.date, timeZone),
    },
    {
      id: 'sum',
      labelId: 'analytics.column.sum',
      sort: 'sum',
      numeric: true,
      cell: (row, { format }) => format.money(row.sum, row.currency),
    },
    { id: 'status', labelId: 'analytics.column.status', sort: 'status', cell: (row) => <Status row={row} /> },
    { id: 'user', labelId: 'analytics.column.user', cell: (row) => row.user },
  ],
  totals: (totals, money, format) => [
    { id: 'count', labelId: 'analytics.total.attempts', value: format.count(totals.count) },
    { id: 'successful', labelId: 'analytics.total.successful', value: format.count(totals.successful) },
    { id: 'failed', labelId: 'analytics.total.failed', value: format.count(totals.failed) },
    { id: 'redeemed', labelId: 'analytics.total.redeemed', value: money(totals.redeemed) },
  ],
  lines: (series) => [{ labelId: 'analytics.total.redeemed', values: series.map((day) => day.redeemed), color: '--accent' }],
};

/** /analytics/redemption (SPEC §2, §3): the ledger of the period, failed attempts included, for every role. */
export function RedemptionReportPage({ search }: { search: ReportSearch }) {
  const supplierId = useSupplierId();
  return supplierId ? <RedemptionReport key={supplierId} supplierId={supplierId} search={search} /> : null;
}

function RedemptionReport({ supplierId, search }: { supplierId: string; search: ReportSearch }) {
  const navigate = useNavigate();
  const narrowed = redemptionSearch(supplierId, search);
  const list = useQuery(redemptionReportQuery(narrowed.query));
  const summary = useQuery(redemptionSummaryQuery(narrowed.query));
  const onChange = useCallback(
    (patch: ReportSearch) => void navigate({ to: '/analytics/redemption', search: (current) => ({ ...current, ...patch }) }),
    [navigate],
  );
  return <ReportView kind={REDEMPTION} narrowed={narrowed} list={list} summary={summary} onChange={onChange} />;
}
