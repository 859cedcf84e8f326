import type { MemberAction, MemberHistoryEntry } from '@contract/users';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { HistoryList } from '@/ui/history-list';
import { Card, sectionTitle } from '@/ui/layout';
import { useRoleNames } from '@/ui/role-names';

const ACTION_LABEL: Record<MemberAction, MessageId> = {
  added: 'users.history.added',
  invited: 'users.history.invited',
  invitationResent: 'users.history.invitationResent',
  invitationAccepted: 'users.history.invitationAccepted',
  invitationDeclined: 'users.history.invitationDeclined',
  invitationWithdrawn: 'users.history.invitationWithdrawn',
  rolesChanged: 'users.history.rolesChanged',
  blocked: 'users.history.blocked',
  unblocked: 'users.history.unblocked',
};

/** The audit log about this person in this company, newest first: what, when, by whom, the roles and the reason. */
export function MemberHistory({ history }: { history: readonly MemberHistoryEntry[] }) {
  const intl = useIntl();
  const roleNames = useRoleNames();
  const notesOf = (entry: MemberHistoryEntry): string[] => {
    const notes: string[] = [];
    if (entry.roles && entry.previousRoles)
      notes.push(
        intl.formatMessage({ id: 'users.history.rolesChange' }, { from: roleNames(entry.previousRoles), to: roleNames(entry.roles) }),
      );
    else if (entry.roles) notes.push(intl.formatMessage({ id: 'users.history.rolesGiven' }, { roles: roleNames(entry.roles) }));
    if (entry.reason) notes.push(intl.formatMessage({ id: 'users.history.reason' }, { reason: entry.reason }));
    return notes;
  };
  return (
    <Card data-testid="member-history">
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'users.section.history' })}</h2>
      <HistoryList
        entries={history.map((entry) => ({
          key: entry.id,
          action: entry.action,
          label: intl.formatMessage({ id: ACTION_LABEL[entry.action] }),
          at: entry.at,
          meta: entry.actor ? intl.formatMessage({ id: 'users.history.by' }, { name: entry.actor.name }) : undefined,
          notes: notesOf(entry),
        }))}
      />
    </Card>
  );
}
