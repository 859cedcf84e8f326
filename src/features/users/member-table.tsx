import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { personName, type MemberListItem } from '@/contract/users';
import { userStore } from '@/lib/session';
import { useStore } from '@/lib/use-store';
import { Badge } from '@/ui/badge';
import { mutedText } from '@/ui/layout';
import { useRoleNames } from '@/ui/role-names';
import { css } from '../../../styled-system/css';
import { MemberStatusBadge } from './status-badge';

// A table on wide screens; on phones each row is a card (the header row is read by screen readers only).
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  display: { base: 'block', md: 'table' },
  bg: { md: 'surface' },
  borderRadius: 'card',
  // Rounds the table's corners; on phones the rows are cards whose borders it must not cut.
  overflow: { base: 'visible', md: 'hidden' },
  '&[aria-busy=true]': { opacity: 0.6 },
  '& thead': {
    display: { base: 'block', md: 'table-header-group' },
    position: { base: 'absolute', md: 'static' },
    width: { base: '1px', md: 'auto' },
    height: { base: '1px', md: 'auto' },
    overflow: { base: 'hidden', md: 'visible' },
    clip: { base: 'rect(0 0 0 0)', md: 'auto' },
  },
  '& tbody': { display: { base: 'flex', md: 'table-row-group' }, flexDirection: 'column', gap: '3' },
  '& th': {
    textAlign: 'start',
    fontSize: 'sm',
    color: 'muted',
    fontWeight: 'medium',
    px: '4',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'line',
  },
});
const rowStyle = css({
  position: 'relative',
  display: { base: 'grid', md: 'table-row' },
  gridTemplateColumns: '1fr auto',
  gap: '1 3',
  p: { base: '3', md: '0' },
  bg: 'surface',
  borderWidth: { base: '1px', md: '0' },
  borderBottomWidth: '1px',
  borderColor: 'line',
  borderRadius: { base: 'control', md: '0' },
  cursor: 'pointer',
  _hover: { bg: 'accentSoft' },
  '&:last-child': { borderBottomWidth: { md: '0' } },
  '& td': { px: { md: '4' }, py: { md: '3' }, verticalAlign: 'middle' },
});
// The name's link covers the whole row: a click anywhere opens the person.
const nameLink = css({
  fontWeight: 'semibold',
  color: 'ink',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { textDecoration: 'underline' },
  _after: { content: '""', position: 'absolute', inset: 0 },
});

function MemberRow({ item, isSelf }: { item: MemberListItem; isSelf: boolean }) {
  const intl = useIntl();
  const roleNames = useRoleNames();
  return (
    <tr className={rowStyle} data-testid="member-row" data-user-id={item.id} data-status={item.status}>
      <td className={css({ minWidth: 0 })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <Link to="/users/user/$id" params={{ id: item.id }} className={nameLink}>
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

/** The company's people: name and e-mail, roles, status; a row opens the person's page. */
export function MemberTable({ items, busy }: { items: readonly MemberListItem[]; busy: boolean }) {
  const intl = useIntl();
  const selfId = useStore(userStore).user?.id;
  return (
    <table className={table} aria-busy={busy} data-testid="users-table">
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'users.column.user' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'users.field.roles' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'users.field.status' })}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <MemberRow key={item.id} item={item} isSelf={item.id === selfId} />
        ))}
      </tbody>
    </table>
  );
}
