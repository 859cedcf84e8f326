import type { ProductStatus } from '@contract/catalogue';
import { useIntl } from 'react-intl';
import { Badge, StatusBadge, type StatusLook } from '@/ui/badge';

/** The working copy's status as the company reads it (decision 055): active is "approved". */
export const PRODUCT_STATUS: Record<ProductStatus, StatusLook> = {
  draft: { tone: 'neutral', messageId: 'catalogue.status.draft' },
  moderation: { tone: 'warning', messageId: 'catalogue.status.moderation' },
  rejected: { tone: 'danger', messageId: 'catalogue.status.rejected' },
  active: { tone: 'success', messageId: 'catalogue.status.active' },
};

export const ProductStatusBadge = ({ status }: { status: ProductStatus }) => (
  <StatusBadge looks={PRODUCT_STATUS} status={status} testId="product-status" />
);

/** An approved version is sold (it stays on sale while a newer working copy is edited or moderated). */
export function OnSaleBadge() {
  const intl = useIntl();
  return (
    <Badge tone="success" data-testid="product-on-sale">
      {intl.formatMessage({ id: 'catalogue.status.onSale' })}
    </Badge>
  );
}
