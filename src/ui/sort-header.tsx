import { css } from '@styled/css';
import type { ReactNode } from 'react';

const sortButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minHeight: 'touch',
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _hover: { color: 'ink' },
});
const arrow = css({ fontSize: 'xs', width: '3' });

export type SortDirection = 'asc' | 'desc';

/**
 * A column header that sorts the table by its column: `aria-sort` says how it
 * is sorted now; a click sorts by it, or turns the order round when it already does.
 */
export function SortHeader(props: {
  children: ReactNode;
  /** How the table is sorted by this column now; null when by another. */
  direction: SortDirection | null;
  onSort: (direction: SortDirection) => void;
  /** The order a first click asks for (dates and money: newest and largest first). */
  first?: SortDirection;
  /** Marks a column of figures (the table aligns it). */
  numeric?: true;
  testId?: string;
}) {
  const { children, direction, onSort, first = 'desc', numeric, testId } = props;
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} data-numeric={numeric} data-testid={testId}>
      <button
        type="button"
        className={sortButton}
        onClick={() => onSort(direction === null ? first : direction === 'asc' ? 'desc' : 'asc')}
      >
        {children}
        <span aria-hidden className={arrow}>
          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
        </span>
      </button>
    </th>
  );
}
