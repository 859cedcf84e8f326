import type { MemberStatus } from '@contract/users';
import { StatusBadge, type StatusLook } from '@/ui/badge';

/** A person's status in this company (decision 53). */
const MEMBER_STATUS: Record<MemberStatus, StatusLook> = {
  active: { tone: 'success', messageId: 'users.status.active' },
  invited: { tone: 'warning', messageId: 'users.status.invited' },
  invitationExpired: { tone: 'neutral', messageId: 'users.status.invitationExpired' },
  blocked: { tone: 'danger', messageId: 'users.status.blocked' },
};

export const MemberStatusBadge = ({ status }: { status: MemberStatus }) => (
  <StatusBadge looks={MEMBER_STATUS} status={status} testId="member-status" />
);
