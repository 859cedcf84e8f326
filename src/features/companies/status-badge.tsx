import type { SupplierStatus } from '@contract/enums';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { Badge, type BadgeTone } from '@/ui/badge';

/** SPEC §4: correction required shows as "Rejected", active as "Moderated". */
export const COMPANY_STATUS: Record<SupplierStatus, { tone: BadgeTone; messageId: MessageId }> = {
  draft: { tone: 'neutral', messageId: 'companies.status.draft' },
  moderation: { tone: 'warning', messageId: 'companies.status.moderation' },
  rejected: { tone: 'danger', messageId: 'companies.status.rejected' },
  active: { tone: 'success', messageId: 'companies.status.active' },
};

export function CompanyStatusBadge({ status }: { status: SupplierStatus }) {
  const intl = useIntl();
  const { tone, messageId } = COMPANY_STATUS[status];
  return (
    <Badge tone={tone} data-testid="company-status" data-status={status}>
      {intl.formatMessage({ id: messageId })}
    </Badge>
  );
}
