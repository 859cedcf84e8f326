import type { WebhookEndpointView } from '@contract/webhooks';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOnline } from '@/lib/online';
import { useSupplierId } from '@/lib/queries';
import { Button } from '@/ui/button';
import { mutedText } from '@/ui/layout';
import { listRow, rowLink } from '@/ui/list-table';
import { PagedList, type ListColumn } from '@/ui/paged-list';
import { AddEndpointDialog } from './add-dialog';
import { DeliveryStatusBadge, EndpointStatusBadge, useEventLabel } from './labels';
import { webhookListQuery } from './queries';

const rowStyle = css(listRow, { display: { base: 'flex', md: 'table-row' }, flexWrap: 'wrap', gap: '1 4' });
const urlStyle = css({ overflowWrap: 'anywhere' });

/** The list's columns (src/ui/paged-list.tsx): the address with its events, its state, its latest delivery. */
const ENDPOINT_COLUMNS = [
  { id: 'webhooks.column.endpoint' },
  { id: 'webhooks.column.status' },
  { id: 'webhooks.column.lastDelivery' },
] as const satisfies readonly ListColumn[];

function EndpointRow({ item }: { item: WebhookEndpointView }) {
  const intl = useIntl();
  const label = useEventLabel();
  return (
    <tr className={rowStyle} data-testid="webhook-row" data-endpoint-id={item.id}>
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
    <>
      <PagedList
        // Every endpoint on one page: a company has a few.
        query={{ ...list, data: items && { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) } }}
        testId="webhooks"
        title="webhooks.title"
        intro="webhooks.intro"
        action={
          <Button onClick={() => setAdding(true)} disabled={!online || !supplierId} data-testid="webhooks-add">
            {intl.formatMessage({ id: 'webhooks.add' })}
          </Button>
        }
        empty="webhooks.empty"
        columns={ENDPOINT_COLUMNS}
        row={(item) => <EndpointRow key={item.id} item={item} />}
        rowsTestId="webhook-table"
        rowsLabel={intl.formatMessage({ id: 'webhooks.title' })}
        saved={false}
      />
      {supplierId ? <AddEndpointDialog supplierId={supplierId} open={adding} onOpenChange={setAdding} /> : null}
    </>
  );
}
