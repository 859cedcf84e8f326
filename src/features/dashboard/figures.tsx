import { AGE_BUCKETS, EXPIRING_DAYS } from '@contract/analytics';
import { formatMoney } from '@contract/money';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useMayOpen } from '@/lib/use-may-open';
import { mutedText } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { LookupAlertsPanel } from './lookup-alerts';
import { more, Panel } from './panel';
import { dashboardFiguresQuery } from './queries';

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fit, minmax(280px, 1fr))' }, gap: '4' });
const bigFigure = css({
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'bold',
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});
const pairs = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '1 4',
  m: 0,
  fontSize: 'sm',
  '& dd': { m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums', fontWeight: 'medium' },
  '& dt': { color: 'muted' },
});

/**
 * The dashboard's figures for the selected company, by role (SPEC §6): today's
 * redemptions; the liability for admins and accountants; what waits for
 * moderation for admins; the recent failed-lookup alerts for who reads the audit
 * log's money kind (decision 097). Each links to its page when the viewer may open it.
 */
export function DashboardFigures({ supplierId }: { supplierId: string }) {
  const intl = useIntl();
  const mayOpen = useMayOpen();
  const figures = useQuery(dashboardFiguresQuery(supplierId));
  const data = figures.data;
  if (!data) return <QueryFallback queries={[figures]} />;
  const money = (minor: number) => formatMoney(minor, data.currency, intl.locale);
  const { liability, moderation, lookupAlerts } = data;

  return (
    <div className={grid} data-testid="dashboard-figures">
      <Panel title={intl.formatMessage({ id: 'dashboard.today' })} testId="dashboard-today">
        <p className={bigFigure} data-testid="dashboard-today-sum">
          {money(data.today.redeemed)}
        </p>
        <p className={mutedText} data-testid="dashboard-today-count">
          {intl.formatMessage({ id: 'dashboard.todayCount' }, { count: data.today.count })}
        </p>
        {mayOpen('/_app/analytics/redemption') ? (
          <Link to="/analytics/redemption" search={{ period: 'today' }} className={more}>
            {intl.formatMessage({ id: 'dashboard.openRedemptionReport' })} →
          </Link>
        ) : null}
      </Panel>
      {liability ? (
        <Panel title={intl.formatMessage({ id: 'dashboard.liability' })} testId="dashboard-liability">
          <p className={bigFigure} data-testid="dashboard-outstanding">
            {money(liability.outstanding)}
          </p>
          <p className={mutedText}>{intl.formatMessage({ id: 'dashboard.liabilityCount' }, { count: liability.count })}</p>
          <dl className={pairs}>
            {AGE_BUCKETS.map((bucket) => (
              <div key={bucket} className={css({ display: 'contents' })}>
                <dt>{intl.formatMessage({ id: `analytics.age.${bucket}` })}</dt>
                <dd>{money(liability.byAge.find((row) => row.bucket === bucket)?.outstanding ?? 0)}</dd>
              </div>
            ))}
            <dt>{intl.formatMessage({ id: 'dashboard.expiring' }, { days: EXPIRING_DAYS })}</dt>
            <dd data-testid="dashboard-expiring">{money(liability.expiring.outstanding)}</dd>
          </dl>
          {mayOpen('/_app/analytics/liability') ? (
            <Link to="/analytics/liability" className={more}>
              {intl.formatMessage({ id: 'dashboard.openLiability' })} →
            </Link>
          ) : null}
        </Panel>
      ) : null}
      {lookupAlerts ? <LookupAlertsPanel alerts={lookupAlerts.items} timeZone={lookupAlerts.timeZone} /> : null}
      {moderation ? (
        <Panel title={intl.formatMessage({ id: 'dashboard.moderation' })} testId="dashboard-moderation">
          <dl className={pairs}>
            <dt>{intl.formatMessage({ id: 'dashboard.moderationCompanies' })}</dt>
            <dd data-testid="dashboard-moderation-companies">{moderation.companies}</dd>
            <dt>{intl.formatMessage({ id: 'dashboard.moderationProducts' })}</dt>
            <dd data-testid="dashboard-moderation-products">{moderation.products}</dd>
          </dl>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', mt: 'auto' })}>
            {mayOpen('/_app/companies/') ? (
              <Link to="/companies" className={more}>
                {intl.formatMessage({ id: 'dashboard.openCompanies' })} →
              </Link>
            ) : null}
            {mayOpen('/_app/certificates/') ? (
              <Link to="/certificates" className={more}>
                {intl.formatMessage({ id: 'dashboard.openCertificates' })} →
              </Link>
            ) : null}
          </div>
        </Panel>
      ) : null}
    </div>
  );
}
