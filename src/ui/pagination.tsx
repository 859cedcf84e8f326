import { Pagination as ArkPagination } from '@ark-ui/react/pagination';
import { css } from '../../styled-system/css';

const pagination = {
  root: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: '1' }),
  item: css({
    minWidth: 'touch',
    minHeight: 'touch',
    px: '2',
    borderRadius: 'control',
    fontWeight: 'medium',
    cursor: 'pointer',
    _hover: { bg: 'accentSoft' },
    _selected: { bg: 'accent', color: 'accentFg', _hover: { bg: 'accent' } },
    _disabled: { opacity: 0.4, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
  }),
  ellipsis: css({ minWidth: '6', textAlign: 'center', color: 'muted' }),
};

export interface PaginationLabels {
  /** Names the navigation ("Pages"). */
  root: string;
  prev: string;
  next: string;
  /** A page button's accessible name. */
  page: (page: number, total: number) => string;
}

/** Page buttons with previous and next, for a paged list; on a phone 7 buttons at most fit one line. */
export function Pagination(props: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  labels: PaginationLabels;
}) {
  const { page, pageSize, total, onPageChange, labels } = props;
  const classes = pagination;
  return (
    <ArkPagination.Root
      className={classes.root}
      page={page}
      pageSize={pageSize}
      count={total}
      siblingCount={0}
      onPageChange={(details) => onPageChange(details.page)}
      translations={{
        rootLabel: labels.root,
        prevTriggerLabel: labels.prev,
        nextTriggerLabel: labels.next,
        itemLabel: (details) => labels.page(details.page, details.totalPages),
      }}
      data-testid="pagination"
    >
      <ArkPagination.PrevTrigger className={classes.item}>‹</ArkPagination.PrevTrigger>
      <ArkPagination.Context>
        {(api) =>
          api.pages.map((item, index) =>
            item.type === 'page' ? (
              <ArkPagination.Item key={index} {...item} className={classes.item}>
                {item.value}
              </ArkPagination.Item>
            ) : (
              <ArkPagination.Ellipsis key={index} index={index} className={classes.ellipsis}>
                …
              </ArkPagination.Ellipsis>
            ),
          )
        }
      </ArkPagination.Context>
      <ArkPagination.NextTrigger className={classes.item}>›</ArkPagination.NextTrigger>
    </ArkPagination.Root>
  );
}
