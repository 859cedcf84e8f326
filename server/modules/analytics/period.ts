import { DEFAULT_PERIOD, localDate, presetRange, type ResolvedPeriod } from '@contract/analytics';
import type { ReportFilter } from '@contract/schemas/analytics';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The filter's days: its range as given, else its preset (DEFAULT_PERIOD if none) up to today in the company's zone. */
export function resolvePeriod(filter: Pick<ReportFilter, 'period' | 'from' | 'to'>, timeZone: string, now: Date): ResolvedPeriod {
  const range =
    filter.from && filter.to
      ? { from: filter.from, to: filter.to }
      : presetRange(filter.period ?? DEFAULT_PERIOD, localDate(now, timeZone));
  return { ...range, timeZone };
}

/**
 * `column` falls on one of the period's days: from the first day's midnight in the company's zone up to, not
 * including, the midnight after the last day. PostgreSQL turns local midnights into instants (its zone data knows
 * the DST days), and the bounds are constants, so an index on the column serves the range.
 */
export const withinPeriod = (column: AnyPgColumn, period: ResolvedPeriod): SQL =>
  sql`${column} >= (${period.from}::date)::timestamp at time zone ${period.timeZone} and ${column} < (${period.to}::date + 1)::timestamp at time zone ${period.timeZone}`;

/**
 * Rows grouped by the calendar day of `column` in the company's zone (the chart's days): `by` groups by a date,
 * cheap per row; `day` prints each group's day as `YYYY-MM-DD` once per group.
 */
export const localDays = (column: AnyPgColumn, timeZone: string) => ({
  by: sql`(${column} at time zone ${timeZone})::date`,
  day: sql<string>`to_char(min(${column}) at time zone ${timeZone}, 'YYYY-MM-DD')`,
});

/** `YYYY-MM-DD HH:mm` of `column` in the company's zone, printed by PostgreSQL: an export's dates (decision 057). */
export const localTime = (column: AnyPgColumn, timeZone: string): SQL<string> =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`;
