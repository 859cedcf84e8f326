import ExcelJS from 'exceljs';

/** A workbook's first sheet as rows of cell values, read by ExcelJS as a spreadsheet program would open the file. */
export async function parseXlsx(bytes: Uint8Array): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
