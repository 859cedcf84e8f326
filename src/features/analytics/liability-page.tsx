import { EXPIRING_DAYS, localDate, type Amount } from '@contract/analytics';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { useSupplierId } from '@/lib/queries';
import { mutedText, pageTitle, sectionTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { ExportActions } from './export-actions';
import { useReportFormat } from './format';
import { liabilityQuery } from './queries';
import { ReportTable, type Column } from './report-table';
import { reportPage } from './report-view';
import { Totals } from './totals';

const twoColumns = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
  alignItems: 'start',
});

type AmountRow = Amount & { id: string; label: string };

/** The two breakdowns of what is owed: their titles, first column and testids. */
const BREAKDOWNS = {
  age: { titleId: 'analytics.liability.byAge', column: 'analytics.liability.age', testId: 'liability-by-age' },
  product: { titleId: 'analytics.liability.byProduct', column: 'analytics.column.product', testId: 'liability-by-product' },
} as const satisfies Record<string, { titleId: MessageId; column: MessageId; testId: string }>;

/**
 * Named amounts: what, how many certificates, how much they still hold. The reports' table (issue 35): cards of
 * label and value on a phone, nothing off to the side.
 */
function AmountTable(props: { by: keyof typeof BREAKDOWNS; rows: readonly AmountRow[]; report: { currency: string; timeZone: string } }) {
  const { by, rows, report } = props;
  const { currency, timeZone } = report;
  const intl = useIntl();
  const { titleId, column, testId } = BREAKDOWNS[by];
  const title = intl.formatMessage({ id: titleId });
  const format = useReportFormat();
  const columns: Column<AmountRow, never>[] = [
    { id: 'label', labelId: column, cell: (row) => row.label },
    { id: 'count', labelId: 'analytics.total.count', numeric: true, cell: (row, { format }) => format.count(row.count) },
    {
      id: 'outstanding',
      labelId: 'analytics.total.outstanding',
      numeric: true,
      cell: (row, { format }) => format.money(row.outstanding, currency),
    },
  ];
  return (
    <section className={css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' })} data-testid={testId}>
      <h2 className={sectionTitle}>{title}</h2>
      {rows.length === 0 ? (
        <p className={mutedText}>{intl.formatMessage({ id: 'analytics.liability.none' })}</p>
      ) : (
        <ReportTable label={title} columns={columns} rows={rows} rowKey={(row) => row.id} context={{ format, timeZone }} />
      )}
    </section>
  );
}

/**
 * /analytics/liability (decision 056): what the company still owes as of now,
 * by age since purchase and by product, and what expires within 30 days.
 */
export function LiabilityPage() {
  const intl = useIntl();
  const format = useReportFormat();
  const supplierId = useSupplierId() ?? '';
  const liability = useQuery({ ...liabilityQuery(supplierId), enabled: supplierId !== '' });
  const data = liability.data;
  return (
    <div className={reportPage}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h1 className={pageTitle}>{intl.formatMessage({ id: 'analytics.liability.title' })}</h1>
        {data ? (
          <span className={mutedText} data-testid="liability-as-of">
            {intl.formatMessage({ id: 'analytics.liability.asOf' }, { date: format.dateTime(data.asOf, data.timeZone) })}
          </span>
        ) : null}
        {data ? (
          <ExportActions
            which={{ report: 'liability', query: { supplierId } }}
            fileStem={`liability-${localDate(new Date(data.asOf), data.timeZone)}`}
          />
        ) : null}
      </div>
      <QueryFallback queries={[liability]} />
      {data ? (
        <>
          <Totals
            testId="liability-totals"
            items={[
              { id: 'outstanding', labelId: 'analytics.total.outstanding', value: format.money(data.outstanding, data.currency) },
              { id: 'count', labelId: 'analytics.liability.count', value: format.count(data.count) },
              { id: 'expiring', labelId: 'analytics.liability.expiring', value: format.money(data.expiring.outstanding, data.currency) },
              { id: 'expiringCount', labelId: 'analytics.liability.expiringCount', value: format.count(data.expiring.count) },
            ]}
          />
          <p className={mutedText}>{intl.formatMessage({ id: 'analytics.liability.expiringNote' }, { days: EXPIRING_DAYS })}</p>
          <div className={twoColumns}>
            <AmountTable
              by="age"
              report={data}
              rows={data.byAge.map((row) => ({ ...row, id: row.bucket, label: intl.formatMessage({ id: `analytics.age.${row.bucket}` }) }))}
            />
            <AmountTable
              by="product"
              report={data}
              rows={data.byProduct.map((row) => ({ ...row, id: row.productId, label: row.product }))}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
