import { Pagination as ArkPagination } from '@ark-ui/react/pagination';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';

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

/** Page buttons with previous and next, for a paged list; on a phone 7 buttons at most fit one line. */
export function Pagination(props: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation ("Pages of widgets"); its buttons are named alike in every list. */
  label: string;
}) {
  const { page, pageSize, total, onPageChange, label } = props;
  const intl = useIntl();
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
        rootLabel: label,
        prevTriggerLabel: intl.formatMessage({ id: 'pagination.prev' }),
        nextTriggerLabel: intl.formatMessage({ id: 'pagination.next' }),
        itemLabel: (details) => intl.formatMessage({ id: 'pagination.page' }, { page: details.page, total: details.totalPages }),
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
