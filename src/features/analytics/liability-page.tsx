import { EXPIRING_DAYS, type Amount } from '@contract/analytics';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useSupplierId } from '@/lib/queries';
import { Card, mutedText, pageTitle, sectionTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { useReportFormat } from './format';
import { liabilityQuery } from './queries';
import { reportPage } from './report-view';
import { Totals } from './totals';

const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, gap: '4', alignItems: 'start' });
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { px: '2', py: '2', borderBottomWidth: '1px', borderColor: 'line', textAlign: 'start' },
  '& th': { color: 'muted', fontWeight: 'medium' },
  '& [data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/** Named amounts: what, how many certificates, how much they still hold. */
function AmountTable(props: {
  title: string;
  /** The first column's heading: what each row is. */
  column: string;
  rows: readonly (Amount & { id: string; label: string })[];
  currency: string;
  testId: string;
}) {
  const { title, column, rows, currency, testId } = props;
  const intl = useIntl();
  const format = useReportFormat();
  return (
    <Card data-testid={testId}>
      <h2 className={sectionTitle}>{title}</h2>
      {rows.length === 0 ? (
        <p className={mutedText}>{intl.formatMessage({ id: 'analytics.liability.none' })}</p>
      ) : (
        <div className={css({ overflowX: 'auto' })}>
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">{column}</th>
                <th scope="col" data-numeric>
                  {intl.formatMessage({ id: 'analytics.total.count' })}
                </th>
                <th scope="col" data-numeric>
                  {intl.formatMessage({ id: 'analytics.total.outstanding' })}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.label}</th>
                  <td data-numeric>{format.count(row.count)}</td>
                  <td data-numeric>{format.money(row.outstanding, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
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
            {intl.formatMessage({ id: 'analytics.liability.asOf' }, { date: format.dateTime(data.asOf) })}
          </span>
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
              title={intl.formatMessage({ id: 'analytics.liability.byAge' })}
              testId="liability-by-age"
              column={intl.formatMessage({ id: 'analytics.liability.age' })}
              currency={data.currency}
              rows={data.byAge.map((row) => ({ ...row, id: row.bucket, label: intl.formatMessage({ id: `analytics.age.${row.bucket}` }) }))}
            />
            <AmountTable
              title={intl.formatMessage({ id: 'analytics.liability.byProduct' })}
              testId="liability-by-product"
              column={intl.formatMessage({ id: 'analytics.column.product' })}
              currency={data.currency}
              rows={data.byProduct.map((row) => ({ ...row, id: row.productId, label: row.product }))}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
