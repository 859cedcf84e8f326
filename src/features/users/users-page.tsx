import { useQuery } from '@tanstack/react-query';
import { useSupplierId } from '@/lib/queries';
import { PagedList } from '@/ui/paged-list';
import { MEMBER_COLUMNS, MemberRow, useSelfId } from './member-table';
import { memberListQuery } from './queries';

/**
 * /users (SPEC §2): the selected company's people, their roles and status; a
 * search by name or e-mail and the page kept in the URL; a row opens the person.
 */
export function UsersPage({ search, page }: { search: string; page: number }) {
  const supplierId = useSupplierId();
  const list = useQuery({ ...memberListQuery(supplierId ?? '', { search, page }), enabled: supplierId !== null });
  const selfId = useSelfId();

  return (
    <PagedList
      query={list}
      testId="users"
      title="users.title"
      count="users.count"
      add={{ to: '/users/add', label: 'users.add', testId: 'users-add' }}
      search={{ value: search, label: 'users.search.label' }}
      empty="users.empty"
      noMatch={{ message: 'users.noMatch', clear: 'users.search.clear' }}
      columns={MEMBER_COLUMNS}
      row={(item) => <MemberRow key={item.id} item={item} isSelf={item.id === selfId} />}
      rowsTestId="users-table"
      pagesLabel="users.pagination.label"
    />
  );
}
