import { presetRange, type DateRange, type Report } from './analytics';
import type { Language } from './enums';

/**
 * Scheduled reports (issue 33, decision 098): a company's sales, redemption or liability report mailed as an XLSX
 * every Monday (the previous Monday–Sunday week) or every 1st (the previous calendar month), in the company's time
 * zone, to a few chosen addresses in a chosen language. Each period is sent once, whatever the processes.
 */

export const SCHEDULE_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** Addresses a schedule mails to: a team's few, not a mailing list. */
export const SCHEDULE_RECIPIENTS_MAX = 10;
/** Schedules a company keeps: three reports by two frequencies, and room for a few more groups of readers. */
export const REPORT_SCHEDULES_MAX = 20;

export const SCHEDULE_STATUSES = ['active', 'paused'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * What became of a period: `sent` queued to every recipient; `tooLarge` above MAIL_ROWS_MAX rows, not sent (the list
 * says so); `refused` the person who made the schedule may no longer read the report (left the company, blocked,
 * another role), not sent.
 */
export const REPORT_RUN_STATUSES = ['sent', 'tooLarge', 'refused'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number];

const DAY_MS = 86_400_000;
const shift = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last whole period before `today` (a company's calendar date): the previous Monday–Sunday, or the previous month. */
export function previousPeriod(frequency: ScheduleFrequency, today: string): DateRange {
  const current = presetRange(frequency === 'weekly' ? 'week' : 'month', today);
  const to = shift(current.from, -1);
  return { from: frequency === 'weekly' ? shift(current.from, -7) : `${to.slice(0, 7)}-01`, to };
}

/** The day the period after the current one starts: next Monday, or the 1st of next month. */
export function nextPeriodStart(frequency: ScheduleFrequency, today: string): string {
  const current = presetRange(frequency === 'weekly' ? 'week' : 'month', today);
  if (frequency === 'weekly') return shift(current.from, 7);
  return `${shift(current.from, 31).slice(0, 7)}-01`;
}

/** One schedule as its list shows it. */
export interface ReportScheduleView {
  id: string;
  report: Report;
  frequency: ScheduleFrequency;
  recipients: string[];
  language: Language;
  status: ScheduleStatus;
  /** The company's calendar date of the next mail (today when one is due and not yet sent); null when paused. */
  nextRun: string | null;
  /** The latest period handled: its days, when, and what became of it. */
  lastRun: { from: string; to: string; at: string; status: ReportRunStatus; rows: number } | null;
  /** Who made it (null once their account is gone). */
  createdBy: string | null;
  createdAt: string;
}
