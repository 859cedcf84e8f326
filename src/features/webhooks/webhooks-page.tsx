import type { WebhookEndpointView } from '@contract/webhooks';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOnline } from '@/lib/online';
import { useSupplierId } from '@/lib/queries';
import { Button } from '@/ui/button';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { listRow, listTable, rowLink } from '@/ui/list-table';
import { QueryFallback } from '@/ui/page-states';
import { AddEndpointDialog } from './add-dialog';
import { DeliveryStatusBadge, EndpointStatusBadge, useEventLabel } from './labels';
import { webhookListQuery } from './queries';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' });
const rowStyle = css(listRow, { display: { base: 'flex', md: 'table-row' }, flexWrap: 'wrap', gap: '1 4' });
const urlStyle = css({ overflowWrap: 'anywhere' });

function EndpointTable({ items }: { items: WebhookEndpointView[] }) {
  const intl = useIntl();
  const label = useEventLabel();
  return (
    <table className={listTable.md} data-testid="webhook-table">
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'webhooks.column.endpoint' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'webhooks.column.status' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'webhooks.column.lastDelivery' })}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className={rowStyle} data-testid="webhook-row" data-endpoint-id={item.id}>
            <td className={css({ minWidth: 0, flexBasis: '100%' })}>
              <Link to="/integrations/webhooks/$endpointId" params={{ endpointId: item.id }} className={`${rowLink} ${urlStyle}`}>
                {item.url}
              </Link>
              <div className={css({ color: 'muted', fontSize: 'sm' })}>
                {[item.description, item.events.map(label).join(', ')].filter(Boolean).join(' · ')}
              </div>
            </td>
            <td>
              <EndpointStatusBadge endpoint={item} />
            </td>
            <td>
              {item.lastDelivery ? (
                <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                  <DeliveryStatusBadge status={item.lastDelivery.status} />
                  <time dateTime={item.lastDelivery.at} className={mutedText}>
                    {intl.formatDate(item.lastDelivery.at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </span>
              ) : (
                <span className={mutedText}>{intl.formatMessage({ id: 'webhooks.lastDelivery.none' })}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /integrations/webhooks (decision 094): the selected company's webhook endpoints, each with its state and latest
 * delivery; "Add endpoint" opens the dialog that shows the new endpoint's secret once.
 */
export function WebhooksPage() {
  const intl = useIntl();
  const online = useOnline();
  const supplierId = useSupplierId();
  const list = useQuery({ ...webhookListQuery(supplierId ?? ''), enabled: supplierId !== null });
  const [adding, setAdding] = useState(false);
  const items = list.data;

  return (
    <div className={page}>
      <div className={head}>
        <h1 className={pageTitle}>{intl.formatMessage({ id: 'webhooks.title' })}</h1>
        <Button onClick={() => setAdding(true)} disabled={!online || !supplierId} data-testid="webhooks-add">
          {intl.formatMessage({ id: 'webhooks.add' })}
        </Button>
      </div>
      <p className={mutedText}>{intl.formatMessage({ id: 'webhooks.intro' })}</p>
      <QueryFallback queries={[list]} />
      {items && items.length === 0 ? (
        <Card className={css({ alignItems: 'flex-start' })} data-testid="webhooks-empty">
          <p>{intl.formatMessage({ id: 'webhooks.empty' })}</p>
        </Card>
      ) : null}
      {items && items.length > 0 ? <EndpointTable items={items} /> : null}
      {supplierId ? <AddEndpointDialog supplierId={supplierId} open={adding} onOpenChange={setAdding} /> : null}
    </div>
  );
}
