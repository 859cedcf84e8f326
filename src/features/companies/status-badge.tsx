import { useIntl } from 'react-intl';
import type { SupplierStatus } from '@/contract/enums';
import type { MessageId } from '@/lib/message-id';
import { css, cx } from '../../../styled-system/css';

const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  py: '0.5',
  borderRadius: 'full',
  fontWeight: 'semibold',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
});

/** SPEC §4: correction required shows as "Rejected", active as "Moderated". */
export const COMPANY_STATUS: Record<SupplierStatus, { tone: 'success' | 'neutral' | 'warning' | 'danger'; messageId: MessageId }> = {
  draft: { tone: 'neutral', messageId: 'companies.status.draft' },
  moderation: { tone: 'warning', messageId: 'companies.status.moderation' },
  rejected: { tone: 'danger', messageId: 'companies.status.rejected' },
  active: { tone: 'success', messageId: 'companies.status.active' },
};

export function CompanyStatusBadge({ status }: { status: SupplierStatus }) {
  const intl = useIntl();
  const { tone, messageId } = COMPANY_STATUS[status];
  return (
    <span className={cx(badge, css({ tone }))} data-testid="company-status" data-status={status}>
      {intl.formatMessage({ id: messageId })}
    </span>
  );
}
