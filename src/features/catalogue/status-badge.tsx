import type { ProductStatus } from '@contract/catalogue';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { Badge, type BadgeTone } from '@/ui/badge';

/** The working copy's status as the company reads it (decision 055): active is "approved". */
export const PRODUCT_STATUS: Record<ProductStatus, { tone: BadgeTone; messageId: MessageId }> = {
  draft: { tone: 'neutral', messageId: 'catalogue.status.draft' },
  moderation: { tone: 'warning', messageId: 'catalogue.status.moderation' },
  rejected: { tone: 'danger', messageId: 'catalogue.status.rejected' },
  active: { tone: 'success', messageId: 'catalogue.status.active' },
};

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const intl = useIntl();
  const { tone, messageId } = PRODUCT_STATUS[status];
  return (
    <Badge tone={tone} data-testid="product-status" data-status={status}>
      {intl.formatMessage({ id: messageId })}
    </Badge>
  );
}

/** An approved version is sold (it stays on sale while a newer working copy is edited or moderated). */
export function OnSaleBadge() {
  const intl = useIntl();
  return (
    <Badge tone="success" data-testid="product-on-sale">
      {intl.formatMessage({ id: 'catalogue.status.onSale' })}
    </Badge>
  );
}
