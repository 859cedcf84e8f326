import { localDate, MAIL_ROWS_MAX, type Report, type ReportMailed, type ResolvedPeriod } from '@contract/analytics';
import { LOCALE_LANGUAGE, type Language } from '@contract/enums';
import type {
  liabilityExportQuery,
  liabilityMailBody,
  redemptionExportQuery,
  redemptionMailBody,
  salesExportQuery,
  salesMailBody,
} from '@contract/schemas/analytics';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import type { MailAttachment } from '../../mail/types';
import { openReport, type ReportCompany } from './access';
import { liabilitySheet, liabilityTotalWord, redemptionSheet, salesSheet, tableOf, type Table } from './columns';
import { CSV_DIALECTS, CSV_TYPE, csvChunks } from './csv';
import type { RedemptionFilter, SalesFilter } from './filters';
import { liabilityExportBatches } from './liability';
import { countMailedReport, queueReportMail } from './mail';
import { resolvePeriod } from './period';
import { countRedemptions, redemptionExportBatches } from './redemption';
import { countSales, salesExportBatches } from './sales';
import { XLSX_TYPE, xlsxBuffer, xlsxStream } from './xlsx';

/**
 * A report's rows as a file (decision 056): downloaded (CSV or XLSX, streamed batch by batch, never the whole set in
 * memory) or e-mailed (XLSX, built whole: at most MAIL_ROWS_MAX rows). Same filter, same rows, same order as the page.
 */

export type SalesExport = v.InferOutput<typeof salesExportQuery>;
export type RedemptionExport = v.InferOutput<typeof redemptionExportQuery>;
export type SalesMail = v.InferOutput<typeof salesMailBody>;
export type RedemptionMail = v.InferOutput<typeof redemptionMailBody>;
export type LiabilityExport = v.InferOutput<typeof liabilityExportQuery>;
export type LiabilityMail = v.InferOutput<typeof liabilityMailBody>;

/**
 * Rows read per database round trip and written per chunk. Small enough that a batch dies young: at 5 000 the batches
 * outlived the young generation and the collector took half the XLSX's time (decision 057).
 */
export const EXPORT_BATCH_ROWS = 1000;

type Request =
  | { report: 'sales'; filter: SalesFilter }
  | { report: 'redemption'; filter: RedemptionFilter }
  | { report: 'liability'; filter: { supplierId: string } };

/**
 * The report authorised for the signed-in person, with its days (the company's zone) and its rows. The liability is
 * as of now: its one day is today's.
 */
async function openRows(deps: Deps, auth: AuthContext, request: Request) {
  const company = await openReport(deps, auth, request.filter.supplierId, request.report);
  const period = request.report === 'liability' ? liabilityDay(deps, company) : resolvePeriod(request.filter, company.timeZone, deps.now());
  return { company, period, ...rowsOf(deps, company, period, request) };
}

/** The liability's one day: today's in the company's zone (it is as of now). */
const liabilityDay = (deps: Deps, company: ReportCompany): ResolvedPeriod => {
  const today = localDate(deps.now(), company.timeZone);
  return { from: today, to: today, timeZone: company.timeZone };
};

/** A report's rows over a company's days, for a caller that has authorised the reading. */
const rowsOf = (deps: Deps, company: ReportCompany, period: ResolvedPeriod, request: Request) => ({
  count: () => countOf(deps, company, period, request),
  table: (language: Language) => tableFor(deps, company, period, request, language),
});

/** A report's whole period as an e-mailed file, or how many rows it would have had when that is above MAIL_ROWS_MAX. */
export type PeriodFile = { period: ResolvedPeriod; rows: number; file: MailAttachment } | { period: ResolvedPeriod; tooLarge: number };

/**
 * A scheduled report's file (decision 098): every row of the period's days, oldest first, titled in `language` — the
 * page's queries and writer, nothing of its own. The liability is as of now (its balances are the present ones): its
 * day is today's. The caller has authorised the reading.
 */
export async function periodFile(
  deps: Deps,
  company: ReportCompany,
  report: Report,
  days: ResolvedPeriod,
  language: Language,
): Promise<PeriodFile> {
  const filter = { supplierId: company.id, from: days.from, to: days.to, order: 'asc' as const };
  const request: Request =
    report === 'sales'
      ? { report, filter: { ...filter, sort: 'date' } }
      : report === 'redemption'
        ? { report, filter: { ...filter, sort: 'date' } }
        : { report, filter };
  const period = report === 'liability' ? liabilityDay(deps, company) : days;
  const rows = rowsOf(deps, company, period, request);
  const count = await rows.count();
  if (count > MAIL_ROWS_MAX) return { period, tooLarge: count };
  const table = rows.table(language);
  const content = await xlsxBuffer(table);
  return { period, rows: table.rowsRead(), file: { filename: fileName(report, period, 'xlsx'), contentType: XLSX_TYPE, content } };
}

/** The rows a mail would carry; the liability's are one a product, always few. */
async function countOf(deps: Deps, company: ReportCompany, period: ResolvedPeriod, request: Request): Promise<number> {
  switch (request.report) {
    case 'sales':
      return countSales(deps, company, request.filter, period);
    case 'redemption':
      return countRedemptions(deps, company, request.filter, period);
    case 'liability':
      return 0;
  }
}

function tableFor(deps: Deps, company: ReportCompany, period: ResolvedPeriod, request: Request, language: Language): Table {
  switch (request.report) {
    case 'sales':
      return tableOf(salesSheet(language), salesExportBatches(deps, company, request.filter, period, EXPORT_BATCH_ROWS));
    case 'redemption':
      return tableOf(redemptionSheet(language), redemptionExportBatches(deps, company, request.filter, period, EXPORT_BATCH_ROWS));
    case 'liability':
      return tableOf(liabilitySheet(language), liabilityExportBatches(deps, company, deps.now(), liabilityTotalWord(language)));
  }
}

/** Who asked: their address and their language (the account's). */
export async function readerOf(deps: Deps, auth: AuthContext): Promise<{ email: string; language: Language }> {
  const [reader] = await deps.db
    .select({ email: users.email, locale: users.preferredLanguage })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!reader) return fail('UNAUTHORIZED');
  return { email: reader.email, language: LOCALE_LANGUAGE[reader.locale] };
}

/** `sales-2026-11-01-2026-11-23.csv`: the report and its days; `liability-2026-11-27.xlsx`: the day it is as of. */
const fileName = (report: Report, period: ResolvedPeriod, extension: 'csv' | 'xlsx') =>
  report === 'liability' ? `${report}-${period.to}.${extension}` : `${report}-${period.from}-${period.to}.${extension}`;

/** Pulls the next chunk only when the client has taken the last one; a client that leaves stops the reading. */
function bodyOf(chunks: AsyncIterable<string | Uint8Array>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value);
      } catch (error) {
        onError(error);
        throw error;
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * GET /{report}/export: the filtered report as a file, column titles in the page's language (else the account's), a
 * CSV in that language's dialect (decision 081).
 */
export async function exportReport(deps: Deps, auth: AuthContext, report: 'sales', query: SalesExport): Promise<Response>;
export async function exportReport(deps: Deps, auth: AuthContext, report: 'redemption', query: RedemptionExport): Promise<Response>;
export async function exportReport(deps: Deps, auth: AuthContext, report: 'liability', query: LiabilityExport): Promise<Response>;
export async function exportReport(
  deps: Deps,
  auth: AuthContext,
  report: Report,
  query: SalesExport | RedemptionExport | LiabilityExport,
): Promise<Response> {
  const rows = await openRows(deps, auth, { report, filter: query } as Request);
  const language = query.locale ? LOCALE_LANGUAGE[query.locale] : (await readerOf(deps, auth)).language;
  return fileResponse(deps, rows.table(language), {
    format: query.format,
    language,
    fileName: fileName(report, rows.period, query.format),
  });
}

/** What an export answers: the CSV (in the reader's dialect, decision 081) or the workbook. */
export const EXPORT_TYPES = [CSV_TYPE, XLSX_TYPE];

/**
 * A table as a downloaded file, streamed batch by batch: a CSV in the language's dialect (decision 081) or a
 * workbook. Headers are gone by the time a batch fails: the client sees a cut-off file, the log says why.
 */
export function fileResponse(deps: Deps, table: Table, file: { format: 'csv' | 'xlsx'; language: Language; fileName: string }): Response {
  const failed = (error: unknown) =>
    deps.log.error('export failed', { file: file.fileName, error: error instanceof Error ? error.message : String(error) });
  const body = bodyOf(file.format === 'csv' ? csvChunks(table, CSV_DIALECTS[file.language]) : xlsxStream(table), failed);
  return new Response(body, {
    headers: {
      'Content-Type': file.format === 'csv' ? CSV_TYPE : XLSX_TYPE,
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * POST /{report}/email: the filtered report as an XLSX attachment, to the given address or the person's own, in
 * their language, through the outbox. Counted per person (a mail to any address is a way to spam it) and refused
 * above MAIL_ROWS_MAX rows, before anything is built.
 */
export async function mailReport(deps: Deps, auth: AuthContext, report: 'sales', body: SalesMail): Promise<ReportMailed>;
export async function mailReport(deps: Deps, auth: AuthContext, report: 'redemption', body: RedemptionMail): Promise<ReportMailed>;
export async function mailReport(deps: Deps, auth: AuthContext, report: 'liability', body: LiabilityMail): Promise<ReportMailed>;
export async function mailReport(
  deps: Deps,
  auth: AuthContext,
  report: Report,
  body: SalesMail | RedemptionMail | LiabilityMail,
): Promise<ReportMailed> {
  const rows = await openRows(deps, auth, { report, filter: body } as Request);
  await countMailedReport(deps, auth);
  if ((await rows.count()) > MAIL_ROWS_MAX) fail('REPORT_TOO_LARGE_FOR_MAIL');
  const reader = await readerOf(deps, auth);
  const table = rows.table(reader.language);
  const content = await xlsxBuffer(table);
  const mailed = { to: body.email ?? reader.email, rows: table.rowsRead() };
  await queueReportMail(deps, auth, {
    ...mailed,
    company: rows.company,
    report,
    period: rows.period,
    language: reader.language,
    file: { filename: fileName(report, rows.period, 'xlsx'), contentType: XLSX_TYPE, content },
  });
  return mailed;
}
