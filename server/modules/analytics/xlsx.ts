import { toDecimalString } from '@contract/money';
import { zip, type ZipFile } from '../../lib/zip';
import type { Cell, ColumnKind, Table } from './columns';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The workbook written as text (decision 057), zipped as it is written. A library's per-cell objects cost three times
 * the export's time; the format's few parts are fixed. Excel holds 1 048 576 rows a sheet: a longer report goes on in
 * a second sheet, titles repeated.
 *
 * What an accountant sorts, filters and adds up is typed (decision 081): dates are serial numbers with a date format
 * (the company's local time: the day a sale counts for), money is a number with two decimals, identifiers are text in
 * a text format (a certificate number is not rounded, nor an order number's zeros dropped). The titles are bold and
 * frozen, the columns as wide as their kind needs.
 *
 * A column's repeated words (a channel, a product, yes and no, a currency) are shared strings, written once at the
 * end; its other texts are inline. Sharing keeps a row of Latin digits one byte a character when the words are
 * Cyrillic: building the sales rows took three times as long with the words inline.
 */

const EXCEL_ROWS = 1_048_576;
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** XML 1.0 has no place for most control characters: they are dropped; &, < and > are escaped. */
/* eslint-disable no-control-regex -- finding the characters XML cannot hold is the point */
const UNSAFE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const xmlText = (text: string) => (UNSAFE.test(text) ? text.replace(UNSAFE_ALL, (char) => ESCAPES[char] ?? '') : text);
const EDGE_SPACE = /^\s|\s$/;

/** A cell's text as it may stand: most need nothing, which one test finds out. */
const PLAIN =
  /^[^\s&<>\u0000-\u001F\uFFFE\uFFFF](?:[^&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]*[^\s&<>\u0000-\u001F\uFFFE\uFFFF])?$/;
/* eslint-enable no-control-regex */

/** The cell formats of styles.xml by their index: 0 the default, then one per kind of column and the titles. */
const STYLE = { date: 1, money: 2, id: 3, title: 4 } as const;
const STYLES =
  `${HEAD}<styleSheet xmlns="${MAIN}">` +
  `<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts>` +
  `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
  `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
  `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
  `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
  '<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  // 4: #,##0.00, built in.
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  // 49: @, text: what is typed into the cell stays text too.
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** Characters a column of the kind is wide; a title wider than that widens it. */
const WIDTHS: Record<ColumnKind, number> = { text: 16, id: 20, date: 17, money: 14 };

/** Days from Excel's day 0 (1899-12-30, the 1900 system) to 1970-01-01. */
const EPOCH_SERIAL = 25_569;

/** `YYYY-MM-DD HH:mm` as Excel's serial day number (the wall-clock time it says, no zone). */
const serialOf = (local: string): number =>
  Date.UTC(+local.slice(0, 4), +local.slice(5, 7) - 1, +local.slice(8, 10), +local.slice(11, 13), +local.slice(14, 16)) / 86_400_000 +
  EPOCH_SERIAL;

/** Column letters of the first 26 columns, which our reports stay within. */
const LETTERS = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));

/** A text element's content, its edge spaces kept. */
function textElement(text: string): string {
  if (PLAIN.test(text)) return `<t>${text}</t>`;
  const space = EDGE_SPACE.test(text) ? ' xml:space="preserve"' : '';
  return `<t${space}>${xmlText(text)}</t>`;
}

/** Distinct texts a column may add to the shared strings: beyond them it is not a column of words. */
const SHARED_PER_COLUMN = 256;

/** The workbook's shared strings: each column's first distinct texts, by their index. */
class SharedStrings {
  readonly texts = new Map<string, number>();
  private readonly added: number[] = [];

  /** The text's index, or undefined where its column has shared all it may. */
  indexOf(text: string, column: number): number | undefined {
    let index = this.texts.get(text);
    if (index === undefined && (this.added[column] ?? 0) < SHARED_PER_COLUMN) {
      index = this.texts.size;
      this.texts.set(text, index);
      this.added[column] = (this.added[column] ?? 0) + 1;
    }
    return index;
  }
}

/** A text cell: shared where its column still shares, else inline; an empty text is no cell. */
function textCell(text: string, at: string, column: number, style: string, shared?: SharedStrings): string {
  if (text === '') return '';
  const index = shared?.indexOf(text, column);
  return index === undefined
    ? `<c r="${at}"${style} t="inlineStr"><is>${textElement(text)}</is></c>`
    : `<c r="${at}"${style} t="s"><v>${index}</v></c>`;
}

type RowXml = (cells: readonly Cell[], row: number) => string;

/** Writes a table's rows, each cell as its column's kind; cell references are written: readers such as exceljs need them. */
function rowWriter(kinds: readonly ColumnKind[], shared: SharedStrings): RowXml {
  const cellOf = kinds.map((kind, column): ((cell: Cell, row: number) => string) => {
    const letter = LETTERS[column]!;
    switch (kind) {
      case 'date':
        return (cell, row) => (cell === '' ? '' : `<c r="${letter}${row}" s="${STYLE.date}"><v>${serialOf(cell as string)}</v></c>`);
      case 'money':
        // Minor units written as their exact decimal (XLSX keeps numbers as decimal text): no float in between.
        return (cell, row) => `<c r="${letter}${row}" s="${STYLE.money}"><v>${toDecimalString(cell as number)}</v></c>`;
      case 'id':
        return (cell, row) => textCell(String(cell), `${letter}${row}`, column, ` s="${STYLE.id}"`, shared);
      case 'text':
        return (cell, row) =>
          typeof cell === 'number' ? `<c r="${letter}${row}"><v>${cell}</v></c>` : textCell(cell, `${letter}${row}`, column, '', shared);
    }
  });
  return (cells, row) => {
    let xml = `<row r="${row}">`;
    for (let column = 0; column < cells.length; column += 1) xml += cellOf[column]!(cells[column]!, row);
    return `${xml}</row>`;
  };
}

/** The titles' row: bold, never shared (they are read once). */
const titleRow = (titles: readonly string[]) =>
  `<row r="1">${titles.map((title, column) => textCell(title, `${LETTERS[column]}1`, column, ` s="${STYLE.title}"`)).join('')}</row>`;

/** The sheet's head: the titles' row frozen, the columns' widths, then the titles. */
const sheetStart = (table: Table) =>
  Buffer.from(
    `${HEAD}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0">` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
      `</sheetView></sheetViews><cols>${table.kinds
        .map((kind, index) => {
          const width = Math.min(60, Math.max(WIDTHS[kind], (table.titles[index]?.length ?? 0) + 3));
          return `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`;
        })
        .join('')}</cols><sheetData>${titleRow(table.titles)}`,
  );
const SHEET_END = Buffer.from('</sheetData></worksheet>');

/** The worksheets' files, each up to `rowsPerSheet` rows with its titles; names the sheets into `names`. */
async function* sheets(table: Table, rowsPerSheet: number, names: string[], shared: SharedStrings): AsyncGenerator<ZipFile> {
  const batches = table.batches[Symbol.asyncIterator]();
  const rowXml = rowWriter(table.kinds, shared);
  let pending: Cell[][] = [];
  let done = false;
  async function* sheet(): AsyncGenerator<Buffer> {
    yield sheetStart(table);
    let row = 1;
    while (row < rowsPerSheet) {
      if (!pending.length) {
        const next = await batches.next();
        if (next.done) {
          done = true;
          break;
        }
        pending = next.value;
      }
      const taken = pending.slice(0, rowsPerSheet - row);
      pending = pending.slice(taken.length);
      // Joined, not added up: a batch's text built by += is a tree of pieces the collector has to walk.
      yield Buffer.from(taken.map((cells) => rowXml(cells, ++row)).join(''));
    }
    yield SHEET_END;
  }
  try {
    do {
      names.push(names.length ? `${table.name} (${names.length + 1})` : table.name);
      yield { name: `xl/worksheets/sheet${names.length}.xml`, content: sheet() };
      // A full sheet with nothing after it: look ahead, so no empty sheet closes the workbook.
      if (!done && !pending.length) {
        const next = await batches.next();
        if (next.done) done = true;
        else pending = next.value;
      }
    } while (!done || pending.length);
  } finally {
    await batches.return?.();
  }
}

/** The parts that name the sheets and hold their shared strings, written after them (a zip's order is free). */
function packageParts(names: readonly string[], shared: SharedStrings): ZipFile[] {
  const numbers = names.map((_, index) => index + 1);
  const sharedPart = 'sharedStrings.xml';
  return [
    {
      name: `xl/${sharedPart}`,
      content: Buffer.from(
        `${HEAD}<sst xmlns="${MAIN}" uniqueCount="${shared.texts.size}">${[...shared.texts.keys()]
          .map((text) => `<si>${textElement(text)}</si>`)
          .join('')}</sst>`,
      ),
    },
    { name: 'xl/styles.xml', content: Buffer.from(STYLES) },
    {
      name: 'xl/workbook.xml',
      content: Buffer.from(
        `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets>${names
          .map(
            (name, index) =>
              `<sheet name="${xmlText(name.slice(0, 31)).replaceAll('"', '&quot;')}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
          )
          .join('')}</sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: Buffer.from(
        `${HEAD}<Relationships xmlns="${RELATIONSHIPS}">${numbers
          .map((number) => `<Relationship Id="rId${number}" Type="${OFFICE}/worksheet" Target="worksheets/sheet${number}.xml"/>`)
          .join(
            '',
          )}<Relationship Id="rIdShared" Type="${OFFICE}/sharedStrings" Target="${sharedPart}"/><Relationship Id="rIdStyles" Type="${OFFICE}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
    {
      name: '_rels/.rels',
      content: Buffer.from(
        `${HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: '[Content_Types].xml',
      content: Buffer.from(
        `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/${sharedPart}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>` +
          `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
          numbers
            .map(
              (number) =>
                `<Override PartName="/xl/worksheets/sheet${number}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
            )
            .join('') +
          `</Types>`,
      ),
    },
  ];
}

/**
 * The workbook's bytes, pulled as the reader takes them: the next batch of rows is read only once zlib has taken the
 * last one and the reader the zip's output before it, so memory stays flat whatever the number of rows.
 */
export async function* xlsxStream(table: Table, rowsPerSheet = EXCEL_ROWS): AsyncGenerator<Buffer> {
  const names: string[] = [];
  const shared = new SharedStrings();
  async function* files(): AsyncGenerator<ZipFile> {
    yield* sheets(table, rowsPerSheet, names, shared);
    yield* packageParts(names, shared);
  }
  yield* zip(files());
}

/** The whole workbook in memory: only for what is bounded (an e-mailed report). */
export async function xlsxBuffer(table: Table): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(table)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
