import type { SortOrder } from '@contract/analytics';
import { css } from '@styled/css';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { SortHeader } from '@/ui/sort-header';
import type { ReportFormat } from './format';

export interface Column<Row, Sort extends string> {
  id: string;
  labelId: MessageId;
  /** The server's sort key, when the column sorts. */
  sort?: Sort;
  /** Money and counts line up on the right. */
  numeric?: boolean;
  /** The cell's content; instants are shown on the company's clock (`timeZone`). */
  cell: (row: Row, context: CellContext) => ReactNode;
}

export interface CellContext {
  format: ReportFormat;
  timeZone: string;
}

/**
 * Issue 35: every value readable on every screen. On a phone each row is a card of label and value pairs (the labels
 * come from the column headers) and the header row keeps only its sort buttons; on a desktop it is a table whose box
 * is at most 70 % of the window high, so its sideways scrollbar is in view with its header, which stays on top.
 */
const scroller = css({
  bg: { md: 'surface' },
  borderRadius: 'card',
  boxShadow: { md: '0 1px 3px rgba(20,20,50,0.08)' },
  overflow: { md: 'auto' },
  maxHeight: { md: '70vh' },
});
const cellPadding = { base: '0', md: '2', xl: '3' };
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  display: { base: 'block', md: 'table' },
  '&[aria-busy=true]': { opacity: 0.6 },
  '& thead': { display: { base: 'block', md: 'table-header-group' } },
  // A table without sort buttons has no header row on a phone at all.
  '& thead:not(:has([aria-sort]))': { display: { base: 'none', md: 'table-header-group' } },
  '& thead tr': { display: { base: 'flex', md: 'table-row' }, flexWrap: 'wrap', gap: '2', mb: { base: '3', md: '0' } },
  '& th': {
    textAlign: 'start',
    color: 'muted',
    fontWeight: 'medium',
    px: cellPadding,
    bg: 'surface',
    borderBottomWidth: '1px',
    borderColor: 'line',
    position: { md: 'sticky' },
    top: '0',
    zIndex: 1,
  },
  // On a phone the header row is a row of sort buttons: the other headers name each card's values instead.
  '& th:not([aria-sort])': { display: { base: 'none', md: 'table-cell' } },
  '& th[aria-sort]': {
    borderTopWidth: { base: '1px', md: '0' },
    borderInlineWidth: { base: '1px', md: '0' },
    borderRadius: { base: 'full', md: '0' },
    px: { base: '3' },
  },
  '& tbody': { display: { base: 'flex', md: 'table-row-group' }, flexDirection: 'column', gap: '3' },
  '& tbody tr': {
    display: { base: 'grid', md: 'table-row' },
    gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
    gap: '3',
    p: { base: '3', md: '0' },
    bg: 'surface',
    borderRadius: { base: 'control', md: '0' },
    borderWidth: { base: '1px', md: '0' },
    borderColor: 'line',
  },
  '& td': {
    display: { base: 'flex', md: 'table-cell' },
    flexDirection: 'column',
    gap: '0.5',
    px: cellPadding,
    py: { base: '0', md: '2.5' },
    borderBottomWidth: { md: '1px' },
    borderColor: 'line',
    whiteSpace: { md: 'nowrap' },
    overflowWrap: 'anywhere',
  },
  '& td::before': { content: { base: 'attr(data-label)', md: 'none' }, fontSize: 'xs', color: 'muted' },
  '& tbody tr:last-child td': { borderBottomWidth: '0' },
  '& tbody tr:hover': { bg: { md: 'accentSoft' } },
  '& [data-numeric]': { textAlign: { md: 'end' }, fontVariantNumeric: 'tabular-nums' },
});

/** How the server sorts the rows, and how to ask for another sort. */
export interface Sorting<Sort extends string> {
  sort: Sort;
  order: SortOrder;
  onSort: (sort: Sort, order: SortOrder) => void;
}

/**
 * One page of a report: its columns in the report's order, sortable ones with a sort button (aria-sort) when the
 * table is given its `sorting`; a table of a few fixed rows (the liability's) has none.
 */
export function ReportTable<Row, Sort extends string = never>(props: {
  label: string;
  columns: readonly Column<Row, Sort>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sorting?: Sorting<Sort>;
  busy?: boolean;
  context: CellContext;
  testId?: string;
}) {
  const { label, columns, rows, rowKey, sorting, busy = false, context, testId = 'report-table' } = props;
  const intl = useIntl();
  const labels = columns.map((column) => intl.formatMessage({ id: column.labelId }));
  return (
    <div className={scroller} tabIndex={0} role="region" aria-label={label}>
      <table className={table} aria-busy={busy} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, index) => {
              const numeric = column.numeric ? true : undefined;
              const text = labels[index];
              const by = column.sort;
              return by && sorting ? (
                <SortHeader
                  key={column.id}
                  numeric={numeric}
                  direction={by === sorting.sort ? sorting.order : null}
                  onSort={(direction) => sorting.onSort(by, direction)}
                  testId={`sort-${column.id}`}
                >
                  {text}
                </SortHeader>
              ) : (
                <th key={column.id} scope="col" data-numeric={numeric} className={css({ py: '3' })}>
                  {text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid="report-row">
              {columns.map((column, index) => (
                <td key={column.id} data-numeric={column.numeric ? true : undefined} data-column={column.id} data-label={labels[index]}>
                  {column.cell(row, context)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
