import type { ProductActivity, ProductType } from '@contract/catalogue';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { Badge, type BadgeTone } from '@/ui/badge';

/** The product types' names are the wizard's own. */
export const productTypeLabel = (type: ProductType): MessageId => `catalogue.productType.${type}`;

export const ACTIVITY_LABEL: Record<ProductActivity, MessageId> = {
  active: 'catalogueAdmin.activity.active',
  inactive: 'catalogueAdmin.activity.inactive',
};

/**
 * Whether buyers get the product: an approved (live) copy that the marketplace
 * has not switched off. The company being active is the server's part of the
 * rule (a company is active before it can submit a product at all).
 */
export type SaleState = 'onSale' | 'switchedOff' | 'notLive';
export const saleStateOf = (live: boolean, activity: ProductActivity): SaleState =>
  !live ? 'notLive' : activity === 'active' ? 'onSale' : 'switchedOff';

const SALE_STATE: Record<SaleState, { tone: BadgeTone; messageId: MessageId }> = {
  onSale: { tone: 'success', messageId: 'catalogue.status.onSale' },
  switchedOff: { tone: 'warning', messageId: 'catalogueAdmin.sale.switchedOff' },
  notLive: { tone: 'neutral', messageId: 'catalogueAdmin.sale.notLive' },
};

export function SaleBadge({ state }: { state: SaleState }) {
  const intl = useIntl();
  const { tone, messageId } = SALE_STATE[state];
  return (
    <Badge tone={tone} data-testid="product-sale" data-state={state}>
      {intl.formatMessage({ id: messageId })}
    </Badge>
  );
}
