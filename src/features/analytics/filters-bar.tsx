import { DEFAULT_PERIOD, localDate, PERIOD_PRESETS, type PeriodPreset, type ResolvedPeriod } from '@contract/analytics';
import type { ErrorCode } from '@contract/errors';
import type { ReportFilter } from '@contract/schemas/analytics';
import { css } from '@styled/css';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useErrorText } from '@/lib/i18n';
import { DateRangePicker } from '@/ui/date-range-picker';
import { SearchBox } from '@/ui/search-box';
import { SegmentedControl } from '@/ui/segmented-control';
import type { ReportSearch } from './search';

// Side by side on wide screens, one under another on phones; the search takes what is left.
const bar = css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'flex-end', '& > :last-child': { flex: '1 1 220px' } });

/**
 * The report's filters, kept in the URL: a preset period or a range of days
 * (the picker shows the days the server resolved), and the search. Each change
 * starts again from the first page.
 */
export function FiltersBar({
  filter,
  rangeError,
  period,
  onChange,
  searchable = true,
}: {
  filter: Pick<ReportFilter, 'period' | 'from' | 'to' | 'search'>;
  /** A list with no search (the audit log) has the period only. */
  searchable?: boolean;
  rangeError: ErrorCode | null;
  /** The days the last answer covers (and the company's zone, whose today ends the calendar). */
  period: ResolvedPeriod | undefined;
  onChange: (patch: ReportSearch) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const custom = filter.from !== undefined && filter.to !== undefined;
  // Stable while the URL stands still: the search box restarts its pause when this changes.
  const onSearch = useCallback((search: string) => onChange({ search: search || undefined, page: undefined }), [onChange]);
  const picked = custom ? { from: filter.from!, to: filter.to! } : period ? { from: period.from, to: period.to } : null;
  return (
    <div className={bar} data-testid="report-filters">
      <SegmentedControl<PeriodPreset>
        label={intl.formatMessage({ id: 'analytics.filter.period' })}
        options={PERIOD_PRESETS.map((preset) => ({ value: preset, label: intl.formatMessage({ id: `analytics.period.${preset}` }) }))}
        value={custom ? null : (filter.period ?? DEFAULT_PERIOD)}
        onValueChange={(preset) => onChange({ period: preset, from: undefined, to: undefined, page: undefined })}
        testId="report-period"
      />
      <DateRangePicker
        value={picked}
        onChange={({ from, to }) => onChange({ period: undefined, from, to, page: undefined })}
        locale={intl.locale}
        max={period ? localDate(new Date(), period.timeZone) : undefined}
        error={errorText(rangeError)}
        labels={{
          label: intl.formatMessage({ id: 'analytics.filter.range' }),
          placeholder: intl.formatMessage({ id: 'analytics.filter.rangePlaceholder' }),
          prev: intl.formatMessage({ id: 'analytics.filter.prev' }),
          next: intl.formatMessage({ id: 'analytics.filter.next' }),
          view: intl.formatMessage({ id: 'analytics.filter.view' }),
        }}
        testId="report-range"
      />
      {searchable ? (
        <SearchBox
          label={intl.formatMessage({ id: 'analytics.filter.search' })}
          value={filter.search ?? ''}
          onSearch={onSearch}
          testId="report-search"
        />
      ) : null}
    </div>
  );
}
