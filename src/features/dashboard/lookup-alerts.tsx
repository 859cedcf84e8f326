import type { LookupAlertView } from '@contract/lookup-alerts';
import { css } from '@styled/css';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useMayOpen } from '@/lib/use-may-open';
import { mutedText } from '@/ui/layout';
import { more, Panel } from './panel';

const list = css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '3' });

/**
 * The company's failed-lookup alerts of the last days (decision 097), newest first: which till or certificate, how
 * many failures from when, and a link to the audit log filtered to them. The server sends them only to who may open it.
 */
export function LookupAlertsPanel({ alerts, timeZone }: { alerts: LookupAlertView[]; timeZone: string }) {
  const intl = useIntl();
  const mayOpen = useMayOpen();
  const mayOpenLog = mayOpen('/_app/analytics/audit');
  const when = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  return (
    <Panel title={intl.formatMessage({ id: 'dashboard.lookupAlerts' })} testId="dashboard-lookup-alerts">
      {alerts.length === 0 ? (
        <p className={mutedText}>{intl.formatMessage({ id: 'dashboard.lookupAlertsNone' })}</p>
      ) : (
        <ul className={list}>
          {alerts.map((alert) => (
            <li key={alert.id} data-testid="dashboard-lookup-alert">
              <strong>{intl.formatMessage({ id: `dashboard.lookupAlert.${alert.subject}` }, { name: alert.name })}</strong>
              <br />
              <span className={mutedText}>
                {intl.formatMessage(
                  { id: 'dashboard.lookupAlertFailures' },
                  { count: alert.failures, from: when.format(new Date(alert.windowStart)) },
                )}
              </span>
              {mayOpenLog ? (
                <>
                  <br />
                  <Link to="/analytics/audit" search={alert.audit} className={more} data-testid="dashboard-lookup-alert-link">
                    {intl.formatMessage({ id: 'dashboard.openLookupAlert' })} →
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
