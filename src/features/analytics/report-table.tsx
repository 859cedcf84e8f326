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

// The card scrolls sideways on narrow screens; the header stays with its columns.
const scroller = css({ overflowX: 'auto', bg: 'surface', borderRadius: 'card', boxShadow: '0 1px 3px rgba(20,20,50,0.08)' });
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '&[aria-busy=true]': { opacity: 0.6 },
  '& th': { textAlign: 'start', color: 'muted', fontWeight: 'medium', px: '3', borderBottomWidth: '1px', borderColor: 'line' },
  '& td': { px: '3', py: '2.5', borderBottomWidth: '1px', borderColor: 'line', whiteSpace: 'nowrap' },
  '& tbody tr:last-child td': { borderBottomWidth: '0' },
  '& tbody tr:hover': { bg: 'accentSoft' },
  '& [data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});

/** One page of a report: its columns in the report's order, sortable ones with a sort button (aria-sort). */
export function ReportTable<Row, Sort extends string>(props: {
  label: string;
  columns: readonly Column<Row, Sort>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort: Sort;
  order: SortOrder;
  onSort: (sort: Sort, order: SortOrder) => void;
  busy: boolean;
  context: CellContext;
}) {
  const { label, columns, rows, rowKey, sort, order, onSort, busy, context } = props;
  const intl = useIntl();
  return (
    <div className={scroller} tabIndex={0} role="region" aria-label={label}>
      <table className={table} aria-busy={busy} data-testid="report-table">
        <thead>
          <tr>
            {columns.map((column) => {
              const numeric = column.numeric ? true : undefined;
              const text = intl.formatMessage({ id: column.labelId });
              return column.sort ? (
                <SortHeader
                  key={column.id}
                  numeric={numeric}
                  direction={column.sort === sort ? order : null}
                  onSort={(direction) => onSort(column.sort!, direction)}
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
              {columns.map((column) => (
                <td key={column.id} data-numeric={column.numeric ? true : undefined} data-column={column.id}>
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
