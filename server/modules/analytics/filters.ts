import type { RedemptionSort, SalesSort, SortOrder } from '@contract/analytics';
import { normalizeCertificateNumber } from '@contract/redemption';
import type { ReportFilter } from '@contract/schemas/analytics';
import { asc, desc, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { exportCursor, type ExportRow } from './columns';

/** A report's filter with its sort, as the page, the export and the e-mail read it. */
export type SalesFilter = ReportFilter & { sort: SalesSort; order: SortOrder };
export type RedemptionFilter = ReportFilter & { sort: RedemptionSort; order: SortOrder };

/** Typed text is matched literally (`%`, `_` and `\` mean nothing special) as a beginning. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The beginning of a certificate number, normalised as the till does (no spaces or dashes, upper case, as numbers
 * are issued: an index on the number serves it), or of an order number in any case (both sides lower-cased: an
 * index on lower(order_number) can serve that, which ILIKE could not). Control characters (a NUL) are dropped.
 * Undefined when nothing is left to match.
 */
export function numberSearch(search: string | undefined, number: AnyPgColumn, orderNumber: AnyPgColumn): SQL | undefined {
  const typed = search?.replace(/\p{Cc}/gu, '') ?? '';
  const certificate = normalizeCertificateNumber(typed);
  const conditions: SQL[] = [];
  if (certificate) conditions.push(like(number, prefixPattern(certificate)));
  if (typed) conditions.push(sql`lower(${orderNumber}) like lower(${prefixPattern(typed)})`);
  return conditions.length ? or(...conditions) : undefined;
}

/** A report's order: its sort column, then the row's id so that equal values keep one stable order (pages, batches). */
export interface Sorting {
  column: AnyPgColumn;
  id: AnyPgColumn;
  order: SortOrder;
}

export const orderOf = ({ column, id, order }: Sorting): SQL[] => (order === 'asc' ? [asc(column), asc(id)] : [desc(column), desc(id)]);

/** Where the next batch starts: the last row's sort value (as PostgreSQL prints it, so no precision is lost) and id. */
export interface Cursor {
  value: string;
  id: string;
}

/** The sort value of a row, as text: selected with every batch row to build the next cursor. */
export const cursorValue = (column: AnyPgColumn): SQL<string> => sql<string>`${column}::text`;

/** Rows after the cursor in the sorting's order (a row comparison, which the (sort column, id) order serves). */
export function after({ column, id, order }: Sorting, cursor: Cursor): SQL {
  const type = sql.raw(column.getSQLType());
  return sql`(${column}, ${id}) ${sql.raw(order === 'asc' ? '>' : '<')} (${cursor.value}::${type}, ${cursor.id}::uuid)`;
}

/** An export's select (decision 057): the cursor and the id first, then the file's columns in their order. */
export const exportSelection = <Column extends string>(
  sorting: Sorting,
  columns: readonly Column[],
  values: Record<Column, SQL | AnyPgColumn>,
): Record<string, SQL | AnyPgColumn> => ({
  cursor: cursorValue(sorting.column),
  id: sorting.id,
  ...Object.fromEntries(columns.map((column) => [column, values[column]])),
});

/**
 * Reads export rows batch by batch in the sorting's order: `read` gets the condition "after the last row" (none at
 * first) and a limit. The next batch is asked for before this one is handed on, so the database reads while the
 * rows are written: at most two batches are held.
 */
export async function* keysetBatches(
  sorting: Sorting,
  batchSize: number,
  read: (after: SQL | undefined, limit: number) => Promise<ExportRow[]>,
): AsyncGenerator<ExportRow[]> {
  let next: Promise<ExportRow[]> | null = read(undefined, batchSize);
  try {
    while (next) {
      const batch: ExportRow[] = await next;
      const last = batch.at(-1);
      next = last && batch.length === batchSize ? read(after(sorting, exportCursor(last)), batchSize) : null;
      if (batch.length) yield batch;
    }
  } finally {
    // A reader that left: the batch read ahead is dropped, its failure too.
    next?.catch(() => undefined);
  }
}
