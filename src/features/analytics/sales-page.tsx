import type { SalesDay, SalesReportRow, SalesSort, SalesTotals } from '@contract/analytics';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSupplierId } from '@/lib/queries';
import { Badge } from '@/ui/badge';
import { salesReportQuery, salesSummaryQuery } from './queries';
import { ReportView, type ReportKind } from './report-view';
import { salesSearch, type ReportSearch } from './search';

function YesNo({ value, tone }: { value: boolean; tone: 'warning' | 'danger' }) {
  const intl = useIntl();
  return value ? <Badge tone={tone}>{intl.formatMessage({ id: 'analytics.yes' })}</Badge> : intl.formatMessage({ id: 'analytics.no' });
}

/** SPEC §3 "Sales report row", in its order. */
const SALES: ReportKind<SalesReportRow, SalesSort, SalesTotals, SalesDay> = {
  report: 'sales',
  titleId: 'analytics.sales.title',
  chartTitleId: 'analytics.sales.chart',
  rowKey: (row) => row.certificateId,
  columns: [
    { id: 'orderNumber', labelId: 'analytics.column.orderNumber', sort: 'orderNumber', cell: (row) => row.orderNumber },
    {
      id: 'date',
      labelId: 'analytics.column.date',
      sort: 'date',
      cell: (row, { format, timeZone }) => format.dateTime(row.date, timeZone),
    },
    { id: 'channel', labelId: 'analytics.column.channel', cell: (row) => row.channel },
    { id: 'certificate', labelId: 'analytics.column.certificate', sort: 'certificate', cell: (row) => row.certificate },
    { id: 'product', labelId: 'analytics.column.product', cell: (row) => row.product },
    {
      id: 'denomination',
      labelId: 'analytics.column.denomination',
      sort: 'denomination',
      numeric: true,
      cell: (row, { format }) => format.money(row.denomination, row.currency),
    },
    {
      id: 'balance',
      labelId: 'analytics.column.balance',
      sort: 'balance',
      numeric: true,
      cell: (row, { format }) => format.money(row.balance, row.currency),
    },
    {
      id: 'expiry',
      labelId: 'analytics.column.expiry',
      sort: 'expiry',
      cell: (row, { format, timeZone }) => format.date(row.expiry, timeZone),
    },
    { id: 'used', labelId: 'analytics.column.used', numeric: true, cell: (row, { format }) => format.money(row.used, row.currency) },
    { id: 'expired', labelId: 'analytics.column.expired', cell: (row) => <YesNo value={row.expired} tone="warning" /> },
    { id: 'blocked', labelId: 'analytics.column.blocked', cell: (row) => <YesNo value={row.blocked} tone="danger" /> },
    { id: 'parameter', labelId: 'analytics.column.parameter', cell: (row) => row.parameter ?? '—' },
  ],
  totals: (totals, money, format) => [
    { id: 'count', labelId: 'analytics.total.count', value: format.count(totals.count) },
    { id: 'issued', labelId: 'analytics.total.issued', value: money(totals.issued) },
    { id: 'redeemed', labelId: 'analytics.total.redeemed', value: money(totals.redeemed) },
    { id: 'outstanding', labelId: 'analytics.total.outstanding', value: money(totals.outstanding) },
  ],
  lines: (series) => [
    { labelId: 'analytics.total.issued', values: series.map((day) => day.issued), color: '--accent' },
    { labelId: 'analytics.total.redeemed', values: series.map((day) => day.redeemed), color: '#1f7a3a' },
  ],
};

/** /analytics/sales (SPEC §2, §3): the certificates sold in the period, for admins and accountants. */
export function SalesPage({ search }: { search: ReportSearch }) {
  const supplierId = useSupplierId();
  return supplierId ? <SalesReport key={supplierId} supplierId={supplierId} search={search} /> : null;
}

function SalesReport({ supplierId, search }: { supplierId: string; search: ReportSearch }) {
  const navigate = useNavigate();
  const narrowed = salesSearch(supplierId, search);
  const list = useQuery(salesReportQuery(narrowed.query));
  const summary = useQuery(salesSummaryQuery(narrowed.query));
  const onChange = useCallback(
    (patch: ReportSearch) => void navigate({ to: '/analytics/sales', search: (current) => ({ ...current, ...patch }) }),
    [navigate],
  );
  return <ReportView kind={SALES} narrowed={narrowed} list={list} summary={summary} onChange={onChange} />;
}
