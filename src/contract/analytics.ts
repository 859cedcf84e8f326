import type { Country } from './enums';
import type { LookupAlertView } from './lookup-alerts';
import type { RedemptionReportRow } from './schemas/redemption';

/**
 * Analytics and reports (SPEC §2 /analytics, §3 report rows, §6, §9; decision
 * 056). A period is a run of whole days in the company's time zone, both ends
 * included: presets are resolved by the server's clock, so every viewer of a
 * shared link sees the same days whatever their own time zone.
 */

export const PERIOD_PRESETS = ['today', 'week', 'month', 'year'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const DEFAULT_PERIOD: PeriodPreset = 'month';

/** The longest range a report covers: five years of days. */
export const RANGE_MAX_DAYS = 5 * 366;

/** A company's reports count days where it trades: its country's (main) time zone. */
export const COUNTRY_TIME_ZONE: Record<Country, string> = {
  RU: 'Europe/Moscow',
  BY: 'Europe/Minsk',
  KZ: 'Asia/Almaty',
  ES: 'Europe/Madrid',
};

/** Calendar dates `YYYY-MM-DD`, both included. */
export interface DateRange {
  from: string;
  to: string;
}

export interface ResolvedPeriod extends DateRange {
  timeZone: string;
}

/** The calendar date of an instant in a time zone. */
export const localDate = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both counted. */
export const daysIn = ({ from, to }: DateRange): number => dayNumber(to) - dayNumber(from) + 1;

/** Every date of a range, in order (the chart's x axis). */
export const datesOf = (range: DateRange): string[] => {
  const first = dayNumber(range.from);
  return Array.from({ length: Math.max(0, daysIn(range)) }, (_, index) => dateOf(first + index));
};

/** A calendar period up to and including `today`: the week starts on Monday (ISO 8601). */
export function presetRange(preset: PeriodPreset, today: string): DateRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      const day = dayNumber(today);
      // 1970-01-01 was a Thursday: day 0 is weekday 3 counting from Monday.
      return { from: dateOf(day - ((day + 3) % 7)), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SALES_SORTS = ['date', 'orderNumber', 'certificate', 'denomination', 'balance', 'expiry'] as const;
export type SalesSort = (typeof SALES_SORTS)[number];
// No order-number sort for the ledger: that order cannot come from the ledger's (company, time) index, and a busy
// company's month would be read whole for every page (decision 057); the search finds an order instead.
export const REDEMPTION_SORTS = ['date', 'sum', 'status'] as const;
export type RedemptionSort = (typeof REDEMPTION_SORTS)[number];

/** The reports a file is made of (the liability's is its rows by product, as of the day it is made). */
export const REPORTS = ['sales', 'redemption', 'liability'] as const;
export type Report = (typeof REPORTS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** SPEC §3 "Sales report row": one issued certificate. Money in minor units. */
export interface SalesReportRow {
  certificateId: string;
  orderNumber: string;
  /** When it was bought. */
  date: string;
  channel: string;
  certificate: string;
  product: string;
  denomination: number;
  balance: number;
  expiry: string;
  /** What has been spent of it: denomination − balance. */
  used: number;
  expired: boolean;
  blocked: boolean;
  /** The order's parameter the marketplace passed (e.g. the recipient), if any. */
  parameter: string | null;
  currency: string;
}

export type { RedemptionReportRow };

export interface ReportPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  period: ResolvedPeriod;
}

/** The filtered sales: how many, their face value, what was spent of it, what is still owed on unexpired ones. */
export interface SalesTotals {
  count: number;
  issued: number;
  redeemed: number;
  outstanding: number;
}

/** The filtered ledger: every attempt, the successful and failed ones, and the money spent. */
export interface RedemptionTotals {
  count: number;
  successful: number;
  failed: number;
  redeemed: number;
}

/** One day of the chart: the face value sold and the money redeemed that day. */
export interface SalesDay {
  date: string;
  issued: number;
  redeemed: number;
}

/** One day of the chart: the money redeemed and the successful redemptions that day. */
export interface RedemptionDay {
  date: string;
  redeemed: number;
  count: number;
}

export interface ReportSummary<Totals, Day> {
  period: ResolvedPeriod;
  currency: string;
  totals: Totals;
  /** Every day of the period, empty days included. */
  series: Day[];
}
export type SalesSummary = ReportSummary<SalesTotals, SalesDay>;
export type RedemptionSummary = ReportSummary<RedemptionTotals, RedemptionDay>;

/** Months since purchase: 0–3, 3–6, 6–12 and over 12. */
export const AGE_BUCKETS = ['upTo3', 'upTo6', 'upTo12', 'over12'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_MONTHS: Record<AgeBucket, number | null> = { upTo3: 3, upTo6: 6, upTo12: 12, over12: null };
export const EXPIRING_DAYS = 30;

export interface Amount {
  count: number;
  /** Minor units. */
  outstanding: number;
}

/**
 * What the company still owes (decision 056): the balance of certificates not
 * yet expired (a blocked one included: a block can be lifted), by product and
 * by age, and the part that expires within EXPIRING_DAYS.
 */
export interface Liability extends Amount {
  currency: string;
  asOf: string;
  /** The company's zone: the clock `asOf` is shown on and whose day names the exported file. */
  timeZone: string;
  byProduct: (Amount & { productId: string; product: string })[];
  byAge: (Amount & { bucket: AgeBucket })[];
  expiring: Amount;
}

/**
 * The dashboard's figures for the selected company, by role (SPEC §6): today's
 * redemptions for everyone who may read the redemption report; the liability
 * for admins and accountants; what waits for moderation for admins.
 */
export interface DashboardFigures {
  currency: string;
  today: { date: string; count: number; redeemed: number };
  liability: Pick<Liability, 'count' | 'outstanding' | 'byAge' | 'expiring'> | null;
  moderation: { companies: number; products: number } | null;
  /** The last days' failed-lookup alerts (decision 097), for who reads the audit log's money kind. */
  lookupAlerts: { timeZone: string; items: LookupAlertView[] } | null;
}

/** What the e-mail call answers: where the report went and how many rows it holds. */
export interface ReportMailed {
  to: string;
  rows: number;
}

/** The e-mailed report is built whole before it is queued: bigger ones are downloaded instead. */
export const MAIL_ROWS_MAX = 100_000;
