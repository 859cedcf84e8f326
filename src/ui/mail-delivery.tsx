import type { MailDelivery } from '@contract/mail';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { Alert } from './layout';

const reply = css({ display: 'block', mt: '1', fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' });

/**
 * A mail the person sent that has not reached its recipient (decision 082): refused for good, or not delivered yet and
 * tried again, with the mail server's own reply. Nothing for a mail on its way or delivered.
 */
export function MailDeliveryNotice({ delivery }: { delivery: MailDelivery | null }) {
  const intl = useIntl();
  if (!delivery || !(delivery.status === 'failed' || (delivery.status === 'pending' && delivery.error))) return null;
  const values = { to: delivery.to, date: intl.formatDate(delivery.queuedAt, { dateStyle: 'medium', timeStyle: 'short' }) };
  return (
    <Alert tone={delivery.status === 'failed' ? 'error' : 'info'}>
      <span data-testid="mail-delivery">
        {intl.formatMessage({ id: delivery.status === 'failed' ? 'mailDelivery.failed' : 'mailDelivery.retrying' }, values)}
        {delivery.error ? <code className={reply}>{delivery.error}</code> : null}
      </span>
    </Alert>
  );
}
