import type { Report, ReportPage, ReportSummary, SortOrder } from '@contract/analytics';
import type { RedemptionQuery, SalesQuery } from '@contract/schemas/analytics';
import { css } from '@styled/css';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { QueryState } from '@/ui/page-states';
import { Pagination } from '@/ui/pagination';
import { ExportActions } from './export-actions';
import { FiltersBar } from './filters-bar';
import { useReportFormat, type ReportFormat } from './format';
import type { ReportQuery } from './queries';
import { ReportChart, type ChartLine } from './report-chart';
import { ReportTable, type CellContext, type Column } from './report-table';
import type { Narrowed, ReportSearch } from './search';
import { Totals, type Total } from './totals';

export const reportPage = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  maxWidth: '1200px',
  width: '100%',
  mx: 'auto',
  minWidth: 0,
});
/** A report's title and its file actions, side by side or wrapped. */
export const reportHead = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end', justifyContent: 'space-between' });

/** What differs between the sales and the redemption report: its columns, totals and chart lines. */
export interface ReportKind<Row, Sort extends string, TotalsOf, Day extends { date: string }> {
  report: Report;
  titleId: MessageId;
  chartTitleId: MessageId;
  columns: readonly Column<Row, Sort>[];
  rowKey: (row: Row) => string;
  totals: (totals: TotalsOf, money: (minor: number) => string, format: ReportFormat) => Total[];
  lines: (series: readonly Day[]) => ChartLine[];
}

/**
 * A report page (SPEC §2 /analytics): filters in the URL, the days the server
 * resolved, totals of the filtered set, the chart, a page of rows sorted and
 * paged by the server, and the export and e-mail of the same filter.
 */
export function ReportView<
  Row,
  Sort extends string,
  TotalsOf,
  Day extends { date: string },
  Query extends SalesQuery | RedemptionQuery,
>(props: {
  kind: ReportKind<Row, Sort, TotalsOf, Day>;
  narrowed: Narrowed<Query & { sort: Sort }>;
  list: UseQueryResult<ReportPage<Row>>;
  summary: UseQueryResult<ReportSummary<TotalsOf, Day>>;
  onChange: (patch: ReportSearch) => void;
}) {
  const { kind, narrowed, list, summary, onChange } = props;
  const { query, rangeError } = narrowed;
  const intl = useIntl();
  const format = useReportFormat();
  const page = list.data;
  const sums = summary.data;
  const period = sums?.period ?? page?.period;
  const lines = useMemo(() => (sums ? kind.lines(sums.series) : []), [kind, sums]);
  const days = useMemo(() => sums?.series.map((day) => day.date) ?? [], [sums]);

  return (
    <div className={reportPage}>
      <div className={reportHead}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <h1 className={pageTitle}>{intl.formatMessage({ id: kind.titleId })}</h1>
          {period ? (
            <span className={mutedText} data-testid="report-period-text">
              {intl.formatMessage({ id: 'analytics.periodShown' }, { range: format.period(period), zone: period.timeZone })}
            </span>
          ) : null}
        </div>
        {/* A kind's report names its query's type (SALES with SalesQuery): the pair is one ReportQuery. */}
        {period ? (
          <ExportActions which={{ report: kind.report, query } as ReportQuery} fileStem={`${kind.report}-${period.from}-${period.to}`} />
        ) : null}
      </div>
      <FiltersBar filter={query} rangeError={rangeError} period={period} onChange={onChange} />
      <QueryState queries={[list, summary] as const}>
        {([rows, sums]) => (
          <>
            <Totals
              items={kind.totals(sums.totals, (minor) => format.money(minor, sums.currency), format)}
              busy={summary.isPlaceholderData}
            />
            <ReportChart
              title={intl.formatMessage({ id: kind.chartTitleId })}
              days={days}
              lines={lines}
              currency={sums.currency}
              format={format}
            />
            <Rows
              label={intl.formatMessage({ id: kind.titleId })}
              columns={kind.columns}
              rowKey={kind.rowKey}
              page={rows}
              query={query}
              busy={list.isPlaceholderData}
              onChange={onChange}
              context={{ format, timeZone: rows.period.timeZone }}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** The page of rows with its count and pager, or why there is none. */
function Rows<Row, Sort extends string>(props: {
  label: string;
  columns: readonly Column<Row, Sort>[];
  rowKey: (row: Row) => string;
  page: ReportPage<Row>;
  query: { sort: Sort; order: SortOrder; search?: string | undefined };
  busy: boolean;
  onChange: (patch: ReportSearch) => void;
  context: CellContext;
}) {
  const { label, columns, rowKey, page, query, busy, onChange, context } = props;
  const intl = useIntl();
  if (page.total === 0)
    return (
      <Card data-testid="report-empty">
        <p>{intl.formatMessage({ id: query.search ? 'analytics.noMatch' : 'analytics.empty' }, { search: query.search ?? '' })}</p>
      </Card>
    );
  return (
    <>
      <span className={mutedText} data-testid="report-count">
        {intl.formatMessage({ id: 'analytics.rows' }, { total: page.total })}
      </span>
      <ReportTable
        label={label}
        columns={columns}
        rows={page.items}
        rowKey={rowKey}
        sorting={{ sort: query.sort, order: query.order, onSort: (sort, order) => onChange({ sort, order, page: undefined }) }}
        busy={busy}
        context={context}
      />
      <ReportPager page={page} onChange={onChange} label={intl.formatMessage({ id: 'analytics.pagination.label' })} />
    </>
  );
}

/** A paged list's pager, past one page: the page number in the address, the first page without one. */
export function ReportPager(props: {
  page: { page: number; pageSize: number; total: number };
  onChange: (patch: ReportSearch) => void;
  label: string;
}) {
  const { page, onChange, label } = props;
  if (page.total <= page.pageSize) return null;
  return (
    <Pagination
      page={page.page}
      pageSize={page.pageSize}
      total={page.total}
      onPageChange={(next) => onChange({ page: next > 1 ? next : undefined })}
      label={label}
    />
  );
}
