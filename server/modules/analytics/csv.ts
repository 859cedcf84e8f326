import type { Cell, Table } from './columns';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Excel reads UTF-8 only after a byte order mark; without it Cyrillic turns to mojibake. */
const BOM = '\uFEFF';

/** A spreadsheet runs a cell that starts like this as a formula (CSV injection): such text gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** Either of the two: most cells have neither, and one test lets them through as they are. */
const SPECIAL = /^[=+\-@\t\r]|[",\r\n]/;

/** One field: money with two decimals; text formula-safe, quoted when it holds a comma, a quote or a line break. */
function csvField(cell: Cell): string {
  if (typeof cell === 'number') return cell.toFixed(2);
  if (!SPECIAL.test(cell)) return cell;
  const safe = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A line of fields ending in CRLF; a loop, not map and join: it runs once per row of a million. */
function csvLine(cells: Cell[]): string {
  let line = csvField(cells[0] ?? '');
  for (let index = 1; index < cells.length; index += 1) line += `,${csvField(cells[index]!)}`;
  return `${line}\r\n`;
}

/** The file as text chunks: the BOM and the titles, then one chunk per batch of rows (RFC 4180: comma, CRLF). */
export async function* csvChunks(table: Table): AsyncGenerator<string> {
  yield `${BOM}${csvLine(table.titles)}`;
  for await (const batch of table.batches) {
    let chunk = '';
    for (const cells of batch) chunk += csvLine(cells);
    yield chunk;
  }
}
