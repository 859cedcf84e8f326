import type { ProductDetails } from '@contract/catalogue';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { Alert } from '@/ui/layout';

/** Why the moderator sent the product back, as they wrote it; nothing unless it was. */
export function RejectedReason({ product }: { product: Pick<ProductDetails, 'status' | 'moderationComment'> }) {
  const intl = useIntl();
  if (product.status !== 'rejected' || !product.moderationComment) return null;
  return (
    <Alert tone="error">
      <strong>{intl.formatMessage({ id: 'catalogue.rejectedReason' })}</strong>{' '}
      <span className={css({ whiteSpace: 'pre-wrap' })} data-testid="moderation-comment">
        {product.moderationComment}
      </span>
    </Alert>
  );
}
