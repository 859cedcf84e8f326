import type { MemberStatus } from '@contract/users';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { Badge, type BadgeTone } from '@/ui/badge';

/** A person's status in this company (decision 53). */
const MEMBER_STATUS: Record<MemberStatus, { tone: BadgeTone; messageId: MessageId }> = {
  active: { tone: 'success', messageId: 'users.status.active' },
  invited: { tone: 'warning', messageId: 'users.status.invited' },
  invitationExpired: { tone: 'neutral', messageId: 'users.status.invitationExpired' },
  blocked: { tone: 'danger', messageId: 'users.status.blocked' },
};

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  const intl = useIntl();
  const { tone, messageId } = MEMBER_STATUS[status];
  return (
    <Badge tone={tone} data-testid="member-status" data-status={status}>
      {intl.formatMessage({ id: messageId })}
    </Badge>
  );
}
