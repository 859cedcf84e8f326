import type { Language } from '@contract/enums';
import { toDecimalString } from '@contract/money';
import type { Cell, ColumnKind, Table } from './columns';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Excel reads UTF-8 only after a byte order mark; without it Cyrillic turns to mojibake. */
const BOM = '\uFEFF';

/**
 * How a spreadsheet set up for the language's countries splits a line and reads a decimal (decision 081): where the
 * decimal mark is a comma (Russia, Belarus, Kazakhstan, Spain, France), the list separator is a semicolon, and a file
 * in commas lands in one column; English keeps RFC 4180's comma and a point.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}
const SEMICOLON: CsvDialect = { separator: ';', decimal: ',' };
export const CSV_DIALECTS: Record<Language, CsvDialect> = {
  en: { separator: ',', decimal: '.' },
  ru: SEMICOLON,
  by: SEMICOLON,
  kz: SEMICOLON,
  es: SEMICOLON,
  fr: SEMICOLON,
};

/** A spreadsheet runs a cell that starts like this as a formula (CSV injection): such text gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A number that is a name: a spreadsheet would read it as a number, keep 15 significant digits of a 16-digit
 * certificate number and drop an order number's leading zeros. Written as the text formula `="…"`, which Excel and
 * LibreOffice evaluate to the text itself; only digits (and the separators of a date or a number) ever go in it, so
 * no text of a user's becomes a formula.
 */
const NUMBER_LIKE = /^\d[\d .,/:-]*$/;

type Field = (cell: Cell) => string;

/** One field per column kind: money with two decimals in the dialect's mark; text formula-safe, quoted where needed. */
function fieldOf(kind: ColumnKind, dialect: CsvDialect): Field {
  const needsQuotes = new RegExp(`["${dialect.separator}\\r\\n]`);
  // Either of the two: most cells have neither, and one test lets them through as they are.
  const special = new RegExp(`^[=+\\-@\\t\\r]|["${dialect.separator}\\r\\n]`);
  const text = (cell: string) => {
    if (!special.test(cell)) return cell;
    const safe = FORMULA_START.test(cell) ? `'${cell}` : cell;
    return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  if (kind === 'money')
    return dialect.decimal === '.'
      ? (cell) => toDecimalString(cell as number)
      : (cell) => toDecimalString(cell as number).replace('.', ',');
  if (kind === 'id') return (cell) => (NUMBER_LIKE.test(cell as string) ? `"=""${cell as string}"""` : text(cell as string));
  return (cell) => (typeof cell === 'number' ? String(cell) : text(cell));
}

/** A line of fields ending in CRLF; a loop, not map and join: it runs once per row of a million. */
function lineWriter(fields: Field[], separator: string): (cells: Cell[]) => string {
  return (cells) => {
    let line = fields[0]!(cells[0] ?? '');
    for (let index = 1; index < cells.length; index += 1) line += separator + fields[index]!(cells[index]!);
    return `${line}\r\n`;
  };
}

/** The file as text chunks: the BOM and the titles, then one chunk per batch of rows (CRLF, the dialect's separator). */
export async function* csvChunks(table: Table, dialect: CsvDialect = CSV_DIALECTS.en): AsyncGenerator<string> {
  const titleLine = lineWriter(
    table.titles.map(() => fieldOf('text', dialect)),
    dialect.separator,
  );
  const line = lineWriter(
    table.kinds.map((kind) => fieldOf(kind, dialect)),
    dialect.separator,
  );
  yield `${BOM}${titleLine(table.titles)}`;
  for await (const batch of table.batches) {
    let chunk = '';
    for (const cells of batch) chunk += line(cells);
    yield chunk;
  }
}
