import { css, cx } from '@styled/css';
import { Link, useNavigate, type LinkProps } from '@tanstack/react-router';
import { useCallback, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { Button, button } from './button';
import { Card, mutedText, pageTitle } from './layout';
import { listTable, type TableFrom } from './list-table';
import { SavedMark } from './offline';
import { QueryFallback } from './page-states';
import { Pagination } from './pagination';
import { SearchBox } from './search-box';

/*
 * The one list page (decision 085): head and count, the search kept in the address, filters as a slot, the first
 * answer's loading and failure (QueryFallback), the empty and no-match states, the rows as a table (cards on a phone)
 * or as cards, the busy mark while the next page loads over the last rows, and the pages when there is more than one.
 * Lists read with useQuery and placeholder data, not suspense: paging keeps the last rows on screen.
 */

/** A page of a list as the server answers it. */
export interface ListPage<Item> {
  items: readonly Item[];
  total: number;
  page: number;
  pageSize: number;
}

/** What the list needs of its query (a useQuery result with `placeholderData: keepPreviousData`). */
interface ListQuery<Item> {
  data: ListPage<Item> | undefined;
  error: Error | null;
  refetch: () => unknown;
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
}

/** A column of the table: its heading's message, read by screen readers only where the column shows no words. */
export interface ListColumn {
  id: MessageId;
  className?: string;
  srOnly?: boolean;
}

const pageWidth = {
  narrow: css({ maxWidth: '960px' }),
  list: css({ maxWidth: '1100px' }),
  wide: css({ maxWidth: '1280px' }),
};
const pageStyle = css({ display: 'flex', flexDirection: 'column', gap: '4', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' });
const searchAlone = css({ maxWidth: { md: '420px' } });
// A message and its one action, which keeps its own width.
const actionCard = css({ alignItems: 'flex-start' });
const cardList = css({
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  '&[aria-busy=true]': { opacity: 0.6 },
});
const srOnly = css({ srOnly: true });

/** The address a list keeps: its search and page, beside the page's own filters. */
type ListAddress = Record<string, unknown> & { search?: string; page?: number };

/**
 * Moves the list's address: typing a search replaces the entry (back leaves the page, not each word), paging pushes
 * one; a new search starts again at page 1. The route's validateSearch reads it back.
 */
function useListAddress() {
  const navigate = useNavigate();
  const go = useCallback(
    (change: ListAddress, replace: boolean) =>
      void navigate({
        to: '.',
        search: (previous: ListAddress) => ({ ...previous, ...change }),
        replace,
      }),
    [navigate],
  );
  return {
    onSearch: useCallback((search: string) => go({ search: search || undefined, page: undefined }, true), [go]),
    onPage: useCallback((page: number) => go({ page: page > 1 ? page : undefined }, false), [go]),
  };
}

export interface PagedListProps<Item> {
  query: ListQuery<Item>;
  /** Names the list's test ids: `${testId}-count`, `-search`, `-empty`, `-no-match`. */
  testId: string;
  title: MessageId;
  /** The count line, `{total}` the number of matches. */
  count?: MessageId;
  /** The count's other values beside `{total}` (a list with a cap: "3 of 20 keys"). */
  countValues?: Record<string, number>;
  /** A muted line under the head, and its values (a link in it: rich text). */
  intro?: MessageId;
  introValues?: Record<string, (chunks: ReactNode[]) => ReactNode>;
  /** The head's action when it is not a page of its own (a dialog's button); `add` when it is. */
  action?: ReactNode;
  /** Where a new item is added: the head's button, and the empty list's one action. */
  add?: { to: LinkProps['to']; label: MessageId; testId: string };
  width?: keyof typeof pageWidth;
  /** The search box (the route's `search`, trimmed), in the address. */
  search?: { value: string; label: MessageId };
  /** Filters beside the search: given the search box, the page lays both out. */
  filters?: (searchBox: ReactNode) => ReactNode;
  /** Shown once the list has answered, above its rows (a notice such as "nothing to sell yet"). */
  notice?: ReactNode;
  /** Nothing in the list at all (no search or filter set): the message, with the add link; none, no card. */
  empty?: MessageId;
  /**
   * A search or filter matched nothing: the message (given `{search}`) and a button that clears them, by default the
   * search. Without it the empty message serves (a list whose only filter is a tab).
   */
  noMatch?: { message: MessageId; clear: MessageId; active?: boolean; onClear?: () => void };
  /** Each item's row: a `<tr>` under `columns`, else an `<li>` card. */
  row: (item: Item) => ReactNode;
  columns?: readonly ListColumn[];
  /** Where the table turns from cards into one (list-table). */
  tableFrom?: TableFrom;
  /** The table's (or card list's) test id and accessible name. */
  rowsTestId: string;
  rowsLabel?: string;
  /** Names the pagination ("Pages of widgets"); a list the server does not page has none. */
  pagesLabel?: MessageId;
  /** The "saved … ago" mark offline; off for lists read only online. */
  saved?: boolean;
}

/** One list page, see above; the page gives its query, its rows and its messages. */
export function PagedList<Item>(props: PagedListProps<Item>) {
  const { query, testId, search, noMatch, empty, columns, add } = props;
  const intl = useIntl();
  const address = useListAddress();
  const data = query.data;
  const busy = query.isPlaceholderData;
  const filtered = Boolean(search?.value) || Boolean(noMatch?.active);

  const searchBox = search ? (
    <SearchBox
      label={intl.formatMessage({ id: search.label })}
      value={search.value}
      onSearch={address.onSearch}
      testId={`${testId}-search`}
    />
  ) : null;
  const addLink = (tone: 'primary' | 'secondary', linkTestId?: string) =>
    add ? (
      <Link to={add.to} className={button({ tone })} data-testid={linkTestId}>
        {intl.formatMessage({ id: add.label })}
      </Link>
    ) : null;
  const messageCard = (kind: 'empty' | 'no-match', message: MessageId, action: ReactNode) => (
    <Card className={actionCard} data-testid={`${testId}-${kind}`}>
      <p>{intl.formatMessage({ id: message }, { search: search?.value ?? '' })}</p>
      {action}
    </Card>
  );

  let state: ReactNode = null;
  if (data && data.items.length === 0) {
    if (filtered && noMatch) {
      const clear = noMatch.onClear ?? (() => address.onSearch(''));
      state = messageCard(
        'no-match',
        noMatch.message,
        <Button tone="secondary" onClick={clear}>
          {intl.formatMessage({ id: noMatch.clear })}
        </Button>,
      );
    } else if (empty && data.total === 0) state = messageCard('empty', empty, addLink('secondary'));
  }

  const rows = data && data.items.length > 0 ? data.items.map((item) => props.row(item)) : null;
  return (
    <div className={cx(pageStyle, pageWidth[props.width ?? 'list'])}>
      <div className={head}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <h1 className={pageTitle}>{intl.formatMessage({ id: props.title })}</h1>
          {data && props.count ? (
            <span className={mutedText} data-testid={`${testId}-count`}>
              {intl.formatMessage({ id: props.count }, { total: data.total, ...props.countValues })}
            </span>
          ) : null}
        </div>
        {props.action ?? addLink('primary', add?.testId)}
      </div>
      {props.intro ? <p className={mutedText}>{intl.formatMessage({ id: props.intro }, props.introValues)}</p> : null}
      {props.filters ? props.filters(searchBox) : searchBox ? <div className={searchAlone}>{searchBox}</div> : null}
      {props.saved === false ? null : <SavedMark updatedAt={query.dataUpdatedAt || undefined} />}
      <QueryFallback queries={[query]} />
      {data ? props.notice : null}
      {state}
      {rows && columns ? (
        <table className={listTable[props.tableFrom ?? 'md']} aria-busy={busy} data-testid={props.rowsTestId} aria-label={props.rowsLabel}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={column.className}>
                  {column.srOnly ? (
                    <span className={srOnly}>{intl.formatMessage({ id: column.id })}</span>
                  ) : (
                    intl.formatMessage({ id: column.id })
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      ) : null}
      {rows && !columns ? (
        <ul className={cardList} aria-busy={busy} data-testid={props.rowsTestId} aria-label={props.rowsLabel}>
          {rows}
        </ul>
      ) : null}
      {data && props.pagesLabel && data.total > data.pageSize ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPageChange={address.onPage}
          label={intl.formatMessage({ id: props.pagesLabel })}
        />
      ) : null}
    </div>
  );
}
