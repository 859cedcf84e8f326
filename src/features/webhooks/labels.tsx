import type { WebhookDeliveryEventType, WebhookDeliveryStatus, WebhookEndpointView } from '@contract/webhooks';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { StatusBadge, type StatusLook } from '@/ui/badge';

/** Each event's name on the screens; the API's own name (`certificate.redeemed`) is shown beside it for developers. */
export const EVENT_LABELS: Record<WebhookDeliveryEventType, MessageId> = {
  'certificate.redeemed': 'webhooks.event.certificateRedeemed',
  'certificate.issued': 'webhooks.event.certificateIssued',
  'product.approved': 'webhooks.event.productApproved',
  'product.rejected': 'webhooks.event.productRejected',
  'company.approved': 'webhooks.event.companyApproved',
  'company.rejected': 'webhooks.event.companyRejected',
  'user.blocked': 'webhooks.event.userBlocked',
  'webhook.test': 'webhooks.event.test',
};

export function useEventLabel() {
  const intl = useIntl();
  return (type: WebhookDeliveryEventType) => intl.formatMessage({ id: EVENT_LABELS[type] });
}

type EndpointLook = 'enabled' | 'disabled' | 'failing';
const ENDPOINT_STATUS: Record<EndpointLook, StatusLook> = {
  enabled: { tone: 'success', messageId: 'webhooks.status.enabled' },
  disabled: { tone: 'neutral', messageId: 'webhooks.status.disabled' },
  failing: { tone: 'danger', messageId: 'webhooks.status.disabledFailures' },
};

/** Enabled, disabled by an admin, or disabled by the server after a run of failures. */
export const EndpointStatusBadge = ({ endpoint }: { endpoint: Pick<WebhookEndpointView, 'status' | 'disabledReason'> }) => (
  <StatusBadge
    looks={ENDPOINT_STATUS}
    status={endpoint.status === 'enabled' ? 'enabled' : endpoint.disabledReason === 'failures' ? 'failing' : 'disabled'}
    testId="webhook-status"
  />
);

const DELIVERY_STATUS: Record<WebhookDeliveryStatus, StatusLook> = {
  pending: { tone: 'warning', messageId: 'webhooks.delivery.pending' },
  delivered: { tone: 'success', messageId: 'webhooks.delivery.delivered' },
  failed: { tone: 'danger', messageId: 'webhooks.delivery.failed' },
};

export const DeliveryStatusBadge = ({ status }: { status: WebhookDeliveryStatus }) => (
  <StatusBadge looks={DELIVERY_STATUS} status={status} testId="delivery-status" />
);
