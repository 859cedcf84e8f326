import { css } from '@styled/css';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type uPlot from 'uplot';
import type { MessageId } from '@/lib/message-id';
import { Card, mutedText, sectionTitle } from '@/ui/layout';
import type { ReportFormat } from './format';

export interface ChartLine {
  labelId: MessageId;
  /** Minor units, one a day. */
  values: number[];
  /** A CSS colour, or a custom property of the theme (`--accent`). */
  color: string;
}

const HEIGHT = 260;
const plotBox = css({
  width: '100%',
  minHeight: `${HEIGHT}px`,
  // uPlot's legend under the plot: the series with their values at the hovered day.
  '& .u-legend': { fontSize: 'sm', textAlign: 'start' },
});

/** A theme colour for the canvas, which reads no CSS variables. */
const resolveColor = (color: string, element: HTMLElement): string =>
  color.startsWith('--') ? getComputedStyle(element).getPropertyValue(color).trim() || '#6B4EFF' : color;

/**
 * The period's daily sums as lines (uPlot, loaded with this component only, so
 * no other page pays for it). The canvas is for the eye; screen readers get the
 * same figures as a table.
 */
export function ReportChart({
  title,
  days,
  lines,
  currency,
  format,
}: {
  title: string;
  days: string[];
  lines: ChartLine[];
  currency: string;
  format: ReportFormat;
}) {
  const intl = useIntl();
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const empty = lines.every((line) => line.values.every((value) => value === 0));

  useEffect(() => {
    const box = boxRef.current;
    if (!box || empty) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setSize({ width: box.clientWidth, height: HEIGHT }));
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const money = (value: number) => format.money(value, currency);
        // Off the plot, the legend reads the whole period (its days and each line's total), not a row of dashes.
        const allDays = days.length > 1 ? `${format.day(days[0]!)} – ${format.day(days.at(-1)!)}` : format.day(days[0]!);
        const dayOf = (index: number) => (Number.isInteger(index) && days[index] !== undefined ? format.day(days[index]) : '');
        chart = new UPlot(
          {
            width: box.clientWidth,
            height: HEIGHT,
            // One day is a range too: uPlot would otherwise stretch [0, 0] into ticks between days that do not exist.
            scales: { x: { time: false, range: [-0.5, Math.max(days.length - 1, 0) + 0.5] } },
            cursor: { drag: { x: false, y: false } },
            series: [
              {
                label: intl.formatMessage({ id: 'analytics.chart.day' }),
                value: (_, index) => (index === null ? allDays : dayOf(index)),
              },
              ...lines.map((line) => {
                const total = line.values.reduce((sum, value) => sum + value, 0);
                return {
                  label: intl.formatMessage({ id: line.labelId }),
                  stroke: resolveColor(line.color, box),
                  width: 2,
                  points: { show: days.length === 1 },
                  value: (_: uPlot, value: number | null) => money(value ?? total),
                };
              }),
            ],
            axes: [
              {
                // Whole days only (the x values are the days' places in the period), far enough apart to be read on a phone.
                incrs: [1, 2, 3, 7, 14, 30, 61, 91, 182],
                space: 64,
                values: (_, splits) => splits.map(dayOf),
              },
              { size: 96, values: (_, splits) => splits.map((value) => format.compactMoney(value, currency)) },
            ],
          },
          [days.map((_, index) => index), ...lines.map((line) => line.values)],
          box,
        );
        observer.observe(box);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [days, lines, currency, format, intl, empty]);

  return (
    <Card aria-labelledby={titleId} data-testid="report-chart">
      <h2 id={titleId} className={sectionTitle}>
        {title}
      </h2>
      {empty ? (
        <p className={mutedText} data-testid="report-chart-empty">
          {intl.formatMessage({ id: 'analytics.chart.empty' })}
        </p>
      ) : failed ? (
        <p className={mutedText}>{intl.formatMessage({ id: 'analytics.chart.failed' })}</p>
      ) : (
        <>
          <div ref={boxRef} className={plotBox} aria-hidden />
          {/* Hidden in a box, not on the table: a table grows to its rows whatever its height says, and a year's 366 rows
              made the page thousands of pixels taller than what shows. */}
          <div className={css({ srOnly: true })}>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage({ id: 'analytics.chart.day' })}</th>
                  {lines.map((line) => (
                    <th key={line.labelId} scope="col">
                      {intl.formatMessage({ id: line.labelId })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {days.map((day, index) => (
                  <tr key={day}>
                    <th scope="row">{format.day(day)}</th>
                    {lines.map((line) => (
                      <td key={line.labelId}>{format.money(line.values[index] ?? 0, currency)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
