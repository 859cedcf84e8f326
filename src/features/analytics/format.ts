import type { DateRange } from '@contract/analytics';
import { formatMoney } from '@contract/money';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/** A calendar date `YYYY-MM-DD` as the instant Intl formats (in UTC, so the day never shifts). */
export const dayInstant = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** The report's formats in the page's language: money, instants in the company's zone, calendar days and ranges. */
export function useReportFormat() {
  const { locale } = useIntl();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const range = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const count = new Intl.NumberFormat(locale);
    return {
      locale,
      count: (value: number) => count.format(value),
      money: (minor: number, currency: string) => formatMoney(minor, currency, locale),
      compactMoney: (minor: number, currency: string) => formatMoney(minor, currency, locale, 'compact'),
      /** An instant (a sale, a redemption) on the company's clock: a report reads the same in every viewer's zone. */
      dateTime: (iso: string, timeZone?: string) =>
        new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso)),
      date: (iso: string, timeZone: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone }).format(new Date(iso)),
      day: (date: string) => day.format(dayInstant(date)),
      /** "1–23 November 2026". */
      period: ({ from, to }: DateRange) => range.formatRange(dayInstant(from), dayInstant(to)),
    };
  }, [locale]);
}

export type ReportFormat = ReturnType<typeof useReportFormat>;
