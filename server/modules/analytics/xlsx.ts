import { zip, type ZipFile } from '../../lib/zip';
import type { Cell, Table } from './columns';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The workbook written as text (decision 057): SpreadsheetML with no styles, so numbers stay numbers, zipped as it
 * is written. A library's per-cell objects cost three times the export's time; the format's few parts are fixed.
 * Excel holds 1 048 576 rows a sheet: a longer report goes on in a second sheet, titles repeated.
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

/** A row with its cells' references: optional in the format, but readers such as exceljs need them. */
function rowXml(cells: readonly Cell[], row: number, shared?: SharedStrings): string {
  let xml = `<row r="${row}">`;
  for (let column = 0; column < cells.length; column += 1) {
    const cell = cells[column]!;
    const at = `${LETTERS[column]}${row}`;
    if (typeof cell === 'number') {
      xml += `<c r="${at}"><v>${cell}</v></c>`;
      continue;
    }
    // An empty text is an empty cell: none is written.
    if (cell === '') continue;
    const index = shared?.indexOf(cell, column);
    xml += index === undefined ? `<c r="${at}" t="inlineStr"><is>${textElement(cell)}</is></c>` : `<c r="${at}" t="s"><v>${index}</v></c>`;
  }
  return `${xml}</row>`;
}

const sheetStart = (titles: readonly string[]) => Buffer.from(`${HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rowXml(titles, 1)}`);
const SHEET_END = Buffer.from('</sheetData></worksheet>');

/** The worksheets' files, each up to `rowsPerSheet` rows with its titles; names the sheets into `names`. */
async function* sheets(table: Table, rowsPerSheet: number, names: string[], shared: SharedStrings): AsyncGenerator<ZipFile> {
  const batches = table.batches[Symbol.asyncIterator]();
  let pending: Cell[][] = [];
  let done = false;
  async function* sheet(): AsyncGenerator<Buffer> {
    yield sheetStart(table.titles);
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
      yield Buffer.from(taken.map((cells) => rowXml(cells, ++row, shared)).join(''));
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
          .join('')}<Relationship Id="rIdShared" Type="${OFFICE}/sharedStrings" Target="${sharedPart}"/></Relationships>`,
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
