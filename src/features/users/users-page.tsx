import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSupplierId } from '@/lib/queries';
import { Button, button } from '@/ui/button';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { SavedMark } from '@/ui/offline';
import { QueryFallback } from '@/ui/page-states';
import { Pagination } from '@/ui/pagination';
import { SearchBox } from '@/ui/search-box';
import { MemberTable } from './member-table';
import { memberListQuery } from './queries';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });
// A message and its one action, which keeps its own width.
const actionCard = css({ alignItems: 'flex-start' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' });

/**
 * /users (SPEC §2): the selected company's people, their roles and status; a
 * search by name or e-mail and the page kept in the URL; a row opens the person.
 */
export function UsersPage({ search, page: pageNumber }: { search: string; page: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const supplierId = useSupplierId();
  const list = useQuery({ ...memberListQuery(supplierId ?? '', { search, page: pageNumber }), enabled: supplierId !== null });
  const data = list.data;

  const onSearch = useCallback(
    (next: string) => void navigate({ to: '/users', search: { search: next || undefined }, replace: true }),
    [navigate],
  );
  const toPage = (next: number) =>
    void navigate({ to: '/users', search: { search: search || undefined, page: next > 1 ? next : undefined } });

  return (
    <div className={page}>
      <div className={head}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <h1 className={pageTitle}>{intl.formatMessage({ id: 'users.title' })}</h1>
          {data ? (
            <span className={mutedText} data-testid="users-count">
              {intl.formatMessage({ id: 'users.count' }, { total: data.total })}
            </span>
          ) : null}
        </div>
        <Link to="/users/add" className={button()} data-testid="users-add">
          {intl.formatMessage({ id: 'users.add' })}
        </Link>
      </div>
      <div className={css({ maxWidth: { md: '420px' } })}>
        <SearchBox label={intl.formatMessage({ id: 'users.search.label' })} value={search} onSearch={onSearch} testId="users-search" />
      </div>
      <SavedMark updatedAt={list.dataUpdatedAt || undefined} />
      <QueryFallback queries={[list]} />
      {data && data.total === 0 && !search ? (
        <Card className={actionCard} data-testid="users-empty">
          <p>{intl.formatMessage({ id: 'users.empty' })}</p>
          <Link to="/users/add" className={button({ tone: 'secondary' })}>
            {intl.formatMessage({ id: 'users.add' })}
          </Link>
        </Card>
      ) : null}
      {data && data.items.length === 0 && search ? (
        <Card className={actionCard} data-testid="users-no-match">
          <p>{intl.formatMessage({ id: 'users.noMatch' }, { search })}</p>
          <Button tone="secondary" onClick={() => onSearch('')}>
            {intl.formatMessage({ id: 'users.search.clear' })}
          </Button>
        </Card>
      ) : null}
      {data && data.items.length > 0 ? <MemberTable items={data.items} busy={list.isPlaceholderData} /> : null}
      {data && data.total > data.pageSize ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPageChange={toPage}
          label={intl.formatMessage({ id: 'users.pagination.label' })}
        />
      ) : null}
    </div>
  );
}
