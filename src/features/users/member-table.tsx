import { personName, type MemberListItem } from '@contract/users';
import { css } from '@styled/css';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { userStore } from '@/lib/session';
import { useStore } from '@/lib/use-store';
import { Badge } from '@/ui/badge';
import { mutedText } from '@/ui/layout';
import { listRow, rowLink } from '@/ui/list-table';
import type { ListColumn } from '@/ui/paged-list';
import { useRoleNames } from '@/ui/role-names';
import { MemberStatusBadge } from './status-badge';

const rowStyle = css(listRow.md, {
  display: { base: 'grid', md: 'table-row' },
  gridTemplateColumns: '1fr auto',
  gap: '1 3',
});

/** The company's people: name and e-mail, roles, status. */
export const MEMBER_COLUMNS: readonly ListColumn[] = [
  { id: 'users.column.user' },
  { id: 'users.field.roles' },
  { id: 'users.field.status' },
];

/** The signed-in person's id: their own row says "you". */
export const useSelfId = () => useStore(userStore).user?.id;

/** A person of the list; the row opens their page. */
export function MemberRow({ item, isSelf }: { item: MemberListItem; isSelf: boolean }) {
  const intl = useIntl();
  const roleNames = useRoleNames();
  return (
    <tr className={rowStyle} data-testid="member-row" data-user-id={item.id} data-status={item.status}>
      <td className={css({ minWidth: 0 })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <Link to="/users/user/$id" params={{ id: item.id }} className={rowLink}>
            {personName(item)}
          </Link>
          {isSelf ? <Badge tone="neutral">{intl.formatMessage({ id: 'users.you' })}</Badge> : null}
        </div>
        <div className={css({ color: 'muted', fontSize: 'sm', overflowWrap: 'anywhere' })}>{item.email}</div>
      </td>
      <td className={css({ gridColumn: { base: '1 / -1' }, gridRow: { base: 2 } })}>
        <span className={mutedText}>{roleNames(item.roles)}</span>
      </td>
      <td className={css({ gridColumn: { base: 2 }, gridRow: { base: 1 }, textAlign: { md: 'start' } })}>
        <MemberStatusBadge status={item.status} />
      </td>
    </tr>
  );
}
