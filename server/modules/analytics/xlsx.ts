import { once, type EventEmitter } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Table } from './columns';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A writable's own state: Node's streams and the readable-stream copies inside archiver keep the same one. */
type Queue = EventEmitter & { _writableState?: { length: number; needDrain: boolean } };

/**
 * Where exceljs queues a worksheet's XML for the zip. Its StreamBuf writes into the zip entry without heeding
 * write()'s answer, so with a slow reader whole batches would pile up there: the writer waits for it to drain too.
 * Undefined should a later exceljs build the sheet otherwise (the export test that reads slowly would then fail).
 */
const zipQueueOf = (worksheet: ExcelJS.Worksheet): Queue | undefined =>
  (worksheet as unknown as { stream?: { pipes?: Queue[] } }).stream?.pipes?.[0];

/** Resolves once `queue` has taken what it was given (at once if it has), or once the reader has gone away. */
async function drained(queue: Queue | undefined, output: Readable): Promise<void> {
  const state = queue?._writableState;
  if (!queue || !state?.needDrain || state.length === 0 || output.destroyed) return;
  const done = new AbortController();
  try {
    await Promise.race([once(queue, 'drain', { signal: done.signal }), once(output, 'close', { signal: done.signal })]);
  } finally {
    done.abort();
  }
}

/**
 * The workbook as a stream, one worksheet: the titles, then the rows batch by batch (exceljs's streaming writer,
 * no shared strings, no styles: numbers stay numbers, text is inline). The next batch is read only once the zip has
 * taken the last one and the reader has taken the zip's output, so memory stays flat whatever the number of rows.
 */
export function xlsxStream(table: Table): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(table.name);
  const write = async () => {
    worksheet.addRow(table.titles).commit();
    for await (const batch of table.batches) {
      for (const cells of batch) worksheet.addRow(cells).commit();
      await drained(zipQueueOf(worksheet), output);
      await drained(output, output);
      // The reader went away: leaving the loop closes the batches (and their database reads).
      if (output.destroyed) return;
    }
    worksheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** The whole workbook in memory: only for what is bounded (an e-mailed report). */
export async function xlsxBuffer(table: Table): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(table)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
