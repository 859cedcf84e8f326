import * as v from 'valibot';
import { daysIn, EXPORT_FORMATS, PERIOD_PRESETS, RANGE_MAX_DAYS, REDEMPTION_SORTS, SALES_SORTS, SORT_ORDERS } from '../analytics';
import { LOCALES } from '../enums';
import { email, oneOf } from './fields';
import { pageNumber, supplierId } from './redemption';

/**
 * The report filters (decision 056), the same in the page's URL, the API's
 * query and the e-mail call's body: a preset `period`, or a `from`–`to` range
 * of calendar dates (both ends included); a search by certificate or order
 * number; the sort. No period and no range means DEFAULT_PERIOD.
 */

export const REPORT_SEARCH_MAX = 64;
export const REPORT_PAGE_SIZE = 50;

export const calendarDate = v.pipe(
  v.string('WRONG_TYPE'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'DATE_INVALID'),
  // 2026-02-30 matches the pattern but is no day: it must survive a round trip.
  v.check((value) => {
    const parsed = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(value) && value >= '2000-01-01';
  }, 'DATE_INVALID'),
);

/** What the OpenAPI document says of a range's ends: the rules of `withRange`, which no JSON Schema of one field can hold. */
const rangeEnd = (end: string) =>
  v.optional(
    v.pipe(
      calendarDate,
      v.metadata({
        description: `${end} day of a range (YYYY-MM-DD, from 2000-01-01), with the other end; at most ${RANGE_MAX_DAYS} days`,
      }),
    ),
  );

/** A preset period or a range of days: every list read by period (the reports, the audit log). */
export const periodEntries = {
  period: v.optional(oneOf(PERIOD_PRESETS)),
  from: rangeEnd('The first'),
  to: rangeEnd('The last'),
};

const filterEntries = {
  supplierId,
  ...periodEntries,
  /** A certificate or order number, or its beginning; any case. */
  search: v.optional(v.pipe(v.string('WRONG_TYPE'), v.trim(), v.maxLength(REPORT_SEARCH_MAX, 'TOO_LONG'))),
  order: v.optional(oneOf(SORT_ORDERS), 'desc'),
};
const salesEntries = { ...filterEntries, sort: v.optional(oneOf(SALES_SORTS), 'date') };
const redemptionEntries = { ...filterEntries, sort: v.optional(oneOf(REDEMPTION_SORTS), 'date') };
const pageEntries = { page: pageNumber(1, 100_000), pageSize: pageNumber(REPORT_PAGE_SIZE, 200) };
/** The file's column titles and dates speak this language (the page's). */
const exportEntries = { format: oneOf(EXPORT_FORMATS), locale: v.optional(oneOf(LOCALES)) };
/** Another address to send to; the signed-in person's own when absent. */
const mailEntries = { email: v.optional(email) };

type RangeInput = { from?: string | undefined; to?: string | undefined };
const bothOrNone = (input: RangeInput) => (input.from === undefined) === (input.to === undefined);
const inOrder = (input: RangeInput) => !input.from || !input.to || input.from <= input.to;
const notTooLong = (input: RangeInput) => !input.from || !input.to || daysIn({ from: input.from, to: input.to }) <= RANGE_MAX_DAYS;

/** Puts a range's issue on `to` (valibot cannot check that path against a generic T: hence the cast). */
const onTo = <T extends RangeInput>(rule: (input: T) => boolean, code: 'DATE_REQUIRED' | 'DATE_RANGE_INVALID' | 'DATE_RANGE_TOO_LONG') =>
  v.forward(v.check<T, typeof code>(rule, code), ['to'] as never);

/** A range needs both ends, in order, no longer than RANGE_MAX_DAYS. */
export const withRange = <T extends RangeInput, I>(object: v.GenericSchema<I, T>) =>
  v.pipe(object, onTo<T>(bothOrNone, 'DATE_REQUIRED'), onTo<T>(inOrder, 'DATE_RANGE_INVALID'), onTo<T>(notTooLong, 'DATE_RANGE_TOO_LONG'));

/** The redemption report through the register API (decision 093): the company is the API key's. */
const { supplierId: _company, ...keyRedemptionEntries } = redemptionEntries;
export const keyRedemptionReportQuery = withRange(v.object({ ...keyRedemptionEntries, ...pageEntries }));
export const salesReportQuery = withRange(v.object({ ...salesEntries, ...pageEntries }));
export const redemptionReportQuery = withRange(v.object({ ...redemptionEntries, ...pageEntries }));
export const reportSummaryQuery = withRange(v.object(filterEntries));
export const salesExportQuery = withRange(v.object({ ...salesEntries, ...exportEntries }));
export const redemptionExportQuery = withRange(v.object({ ...redemptionEntries, ...exportEntries }));
export const salesMailBody = withRange(v.object({ ...salesEntries, ...mailEntries }));
export const redemptionMailBody = withRange(v.object({ ...redemptionEntries, ...mailEntries }));
/** The liability has no filter: it is as of now. */
export const liabilityExportQuery = v.object({ supplierId, ...exportEntries });
export const liabilityMailBody = v.object({ supplierId, ...mailEntries });

/** The filters as the server uses them, whichever report. */
export type ReportFilter = v.InferOutput<typeof reportSummaryQuery>;
export type SalesQuery = v.InferOutput<typeof salesReportQuery>;
export type RedemptionQuery = v.InferOutput<typeof redemptionReportQuery>;

export const analyticsSupplierQuery = v.object({ supplierId });
