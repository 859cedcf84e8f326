import { DatePicker, parseDate, type DateValue } from '@ark-ui/react/date-picker';
import { Portal } from '@ark-ui/react/portal';
import { css, cx } from '@styled/css';
import { useId, useState } from 'react';
import { controlStyle } from './field';

/** The picker's parts (Ark UI's anatomy), styled once. */
const picker = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 }),
  label: css({ fontWeight: 'medium', fontSize: 'sm' }),
  trigger: css(controlStyle, {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    cursor: 'pointer',
    textAlign: 'start',
    whiteSpace: 'nowrap',
    _hover: { bg: 'accentSoft' },
  }),
  placeholder: css({ color: 'muted' }),
  positioner: css({ zIndex: 40 }),
  content: css({
    bg: 'surface',
    borderRadius: 'card',
    boxShadow: '0 8px 28px rgba(20,20,50,0.18)',
    p: '3',
    outline: 'none',
    maxWidth: 'calc(100vw - 16px)',
  }),
  viewControl: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', mb: '2' }),
  navButton: css({
    minWidth: 'touch',
    minHeight: 'touch',
    borderRadius: 'control',
    cursor: 'pointer',
    fontSize: 'xl',
    _hover: { bg: 'accentSoft' },
  }),
  viewTrigger: css({
    minHeight: 'touch',
    px: '3',
    borderRadius: 'control',
    fontWeight: 'semibold',
    cursor: 'pointer',
    textTransform: 'capitalize',
    _hover: { bg: 'accentSoft' },
  }),
  table: css({ borderCollapse: 'collapse', width: '100%' }),
  header: css({ fontSize: 'xs', fontWeight: 'medium', color: 'muted', textAlign: 'center', pb: '1', textTransform: 'capitalize' }),
  cell: css({ p: 0, textAlign: 'center' }),
  cellTrigger: css({
    display: 'grid',
    placeItems: 'center',
    // Seven touch-sized days fit a 360 px phone with the panel's padding.
    width: { base: '42px', sm: '44px' },
    height: '44px',
    borderRadius: 'control',
    cursor: 'pointer',
    textTransform: 'capitalize',
    _hover: { bg: 'accentSoft' },
    '&[data-today]': { fontWeight: 'bold', textDecoration: 'underline' },
    '&[data-in-range]': { bg: 'accentSoft', borderRadius: '0' },
    '&[data-range-start], &[data-range-end], &[data-selected]': { bg: 'accent', color: 'accentFg', borderRadius: 'control' },
    '&[data-outside-range]': { color: 'muted', opacity: 0.5 },
    '&[data-disabled], &[data-unavailable]': { opacity: 0.35, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
    _focusVisible: { outline: '3px solid', outlineColor: 'accentText', outlineOffset: '-3px' },
  }),
  monthCell: css({ width: '100%', minWidth: '72px', height: 'touch' }),
  error: css({ color: 'danger', fontSize: 'sm' }),
};

/** Calendar dates `YYYY-MM-DD`, both included. */
export interface DateRangeValue {
  from: string;
  to: string;
}

export interface DateRangePickerLabels {
  label: string;
  /** The trigger's text when no range is picked. */
  placeholder: string;
  prev: string;
  next: string;
  /** The calendar's heading button: to the months or years view. */
  view: string;
}

interface DateRangePickerProps {
  value: DateRangeValue | null;
  onChange: (range: DateRangeValue) => void;
  /** The BCP 47 tag month and day names are written in. */
  locale: string;
  labels: DateRangePickerLabels;
  /** The last day one may pick (today, say). */
  max?: string;
  /** Localised error text under the control; marks it invalid. */
  error?: string | null;
  testId?: string;
}

const rangeText = (range: DateRangeValue, locale: string): string =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).formatRange(
    new Date(`${range.from}T00:00:00Z`),
    new Date(`${range.to}T00:00:00Z`),
  );

const VIEWS = ['day', 'month', 'year'] as const;

/**
 * A range of calendar days picked in a calendar (Ark UI's DatePicker): the
 * first click sets the start, the second the end. Arrow keys move by day and
 * week, Page Up and Down by month, Enter picks; names of months and days come
 * from `locale`; the week starts on Monday.
 */
export function DateRangePicker({ value, onChange, locale, labels, max, error, testId }: DateRangePickerProps) {
  const errorId = useId();
  // A range being picked (its first day clicked) is the picker's own until its last day is.
  const [draft, setDraft] = useState<DateValue[] | null>(null);
  const picked: DateValue[] = draft ?? (value ? [parseDate(value.from), parseDate(value.to)] : []);
  const shown = value ? rangeText(value, locale) : null;
  return (
    <DatePicker.Root
      className={picker.root}
      selectionMode="range"
      locale={locale}
      timeZone="UTC"
      startOfWeek={1}
      value={picked}
      max={max ? parseDate(max) : undefined}
      invalid={Boolean(error)}
      positioning={{ placement: 'bottom-start' }}
      translations={{
        prevTrigger: () => labels.prev,
        nextTrigger: () => labels.next,
        viewTrigger: () => labels.view,
        trigger: () => `${labels.label}: ${shown ?? labels.placeholder}`,
      }}
      onValueChange={(details) => {
        const [from, to] = details.value;
        // The first click only starts a range: it is handed on once its end is picked.
        if (from && to) {
          setDraft(null);
          onChange({ from: from.toString(), to: to.toString() });
        } else setDraft(details.value);
      }}
      onOpenChange={(details) => {
        // Closed halfway: the range shown is the one in force.
        if (!details.open) setDraft(null);
      }}
      data-testid={testId}
    >
      <DatePicker.Label className={picker.label}>{labels.label}</DatePicker.Label>
      <DatePicker.Control>
        <DatePicker.Trigger
          className={picker.trigger}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId ? `${testId}-trigger` : undefined}
        >
          <svg aria-hidden width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
          {shown ? <span>{shown}</span> : <span className={picker.placeholder}>{labels.placeholder}</span>}
        </DatePicker.Trigger>
      </DatePicker.Control>
      {error ? (
        <span id={errorId} className={picker.error} data-field-error="to">
          {error}
        </span>
      ) : null}
      <Portal>
        <DatePicker.Positioner className={picker.positioner}>
          <DatePicker.Content className={picker.content} data-testid={testId ? `${testId}-calendar` : undefined}>
            {VIEWS.map((view) => (
              <DatePicker.View key={view} view={view}>
                <DatePicker.Context>
                  {(api) => (
                    <>
                      <DatePicker.ViewControl className={picker.viewControl}>
                        <DatePicker.PrevTrigger className={picker.navButton}>‹</DatePicker.PrevTrigger>
                        <DatePicker.ViewTrigger className={picker.viewTrigger}>
                          <DatePicker.RangeText />
                        </DatePicker.ViewTrigger>
                        <DatePicker.NextTrigger className={picker.navButton}>›</DatePicker.NextTrigger>
                      </DatePicker.ViewControl>
                      <DatePicker.Table className={picker.table}>
                        {view === 'day' ? (
                          <>
                            <DatePicker.TableHead>
                              <DatePicker.TableRow>
                                {api.weekDays.map((weekDay) => (
                                  <DatePicker.TableHeader key={weekDay.long} className={picker.header} abbr={weekDay.long}>
                                    {weekDay.short}
                                  </DatePicker.TableHeader>
                                ))}
                              </DatePicker.TableRow>
                            </DatePicker.TableHead>
                            <DatePicker.TableBody>
                              {api.weeks.map((week, index) => (
                                <DatePicker.TableRow key={index}>
                                  {week.map((day) => (
                                    <DatePicker.TableCell key={day.toString()} value={day} className={picker.cell}>
                                      <DatePicker.TableCellTrigger className={picker.cellTrigger} data-date={day.toString()}>
                                        {day.day}
                                      </DatePicker.TableCellTrigger>
                                    </DatePicker.TableCell>
                                  ))}
                                </DatePicker.TableRow>
                              ))}
                            </DatePicker.TableBody>
                          </>
                        ) : (
                          <DatePicker.TableBody>
                            {(view === 'month' ? api.getMonthsGrid({ columns: 4, format: 'short' }) : api.getYearsGrid({ columns: 4 })).map(
                              (cells, index) => (
                                <DatePicker.TableRow key={index}>
                                  {cells.map((cell) => (
                                    <DatePicker.TableCell key={cell.value} value={cell.value} className={picker.cell}>
                                      <DatePicker.TableCellTrigger className={cx(picker.cellTrigger, picker.monthCell)}>
                                        {cell.label}
                                      </DatePicker.TableCellTrigger>
                                    </DatePicker.TableCell>
                                  ))}
                                </DatePicker.TableRow>
                              ),
                            )}
                          </DatePicker.TableBody>
                        )}
                      </DatePicker.Table>
                    </>
                  )}
                </DatePicker.Context>
              </DatePicker.View>
            ))}
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}
