import { datesOf, daysIn, localDate, presetRange, RANGE_MAX_DAYS } from '@contract/analytics';
import { reportSummaryQuery } from '@contract/schemas/analytics';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { resolvePeriod } from '../../server/modules/analytics/period';

/** Report periods (decision 056): calendar days in the company's zone, both ends included, weeks from Monday. */

describe('presetRange', () => {
  it.each([
    // 23 November 2026 is a Monday.
    ['week', '2026-11-23', '2026-11-23', '2026-11-23'],
    ['week', '2026-11-29', '2026-11-23', '2026-11-29'],
    ['week', '2026-11-22', '2026-11-16', '2026-11-22'],
    // A week across a month's and a year's end.
    ['week', '2026-12-01', '2026-11-30', '2026-12-01'],
    ['week', '2027-01-03', '2026-12-28', '2027-01-03'],
    ['week', '2024-03-01', '2024-02-26', '2024-03-01'],
    ['today', '2026-02-28', '2026-02-28', '2026-02-28'],
    ['month', '2026-12-01', '2026-12-01', '2026-12-01'],
    ['month', '2024-02-29', '2024-02-01', '2024-02-29'],
    ['year', '2026-01-01', '2026-01-01', '2026-01-01'],
    ['year', '2026-11-21', '2026-01-01', '2026-11-21'],
  ] as const)('%s up to %s is %s – %s', (preset, today, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });

  it('starts every week on a Monday, whatever the day', () => {
    for (const today of datesOf({ from: '2025-12-20', to: '2026-01-20' })) {
      const { from } = presetRange('week', today);
      expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(daysIn({ from, to: today })).toBeGreaterThanOrEqual(1);
      expect(daysIn({ from, to: today })).toBeLessThanOrEqual(7);
    }
  });
});

describe('days', () => {
  it('counts both ends and lists every date across month, leap-year and DST ends', () => {
    expect(daysIn({ from: '2026-11-01', to: '2026-11-01' })).toBe(1);
    expect(daysIn({ from: '2024-02-28', to: '2024-03-01' })).toBe(3);
    expect(datesOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(datesOf({ from: '2026-10-24', to: '2026-10-26' })).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(datesOf({ from: '2026-12-31', to: '2027-01-01' })).toEqual(['2026-12-31', '2027-01-01']);
    expect(datesOf({ from: '2026-01-02', to: '2026-01-01' })).toEqual([]);
  });

  it("reads an instant's date in a zone: a second apart across local midnight", () => {
    expect(localDate(new Date('2026-11-22T20:59:59Z'), 'Europe/Moscow')).toBe('2026-11-22');
    expect(localDate(new Date('2026-11-22T21:00:00Z'), 'Europe/Moscow')).toBe('2026-11-23');
    expect(localDate(new Date('2026-10-24T21:59:59Z'), 'Europe/Madrid')).toBe('2026-10-24');
    expect(localDate(new Date('2026-10-24T22:00:00Z'), 'Europe/Madrid')).toBe('2026-10-25');
    expect(localDate(new Date('2026-10-25T22:59:59Z'), 'Europe/Madrid')).toBe('2026-10-25');
    expect(localDate(new Date('2026-10-25T23:00:00Z'), 'Europe/Madrid')).toBe('2026-10-26');
    expect(localDate(new Date('2026-11-21T18:59:59Z'), 'Asia/Almaty')).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-21T19:00:00Z'), 'Asia/Almaty')).toBe('2026-11-22');
  });
});

describe('resolvePeriod', () => {
  const sunday = new Date('2026-11-22T21:30:00Z');

  it('takes a range as given and resolves a preset (the month when none) by the clock in the zone', () => {
    expect(resolvePeriod({ from: '2026-01-05', to: '2026-02-01', period: 'week' }, 'Europe/Moscow', sunday)).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
      timeZone: 'Europe/Moscow',
    });
    // Already Monday in Moscow, still Sunday in Madrid.
    expect(resolvePeriod({ period: 'week' }, 'Europe/Moscow', sunday)).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
      timeZone: 'Europe/Moscow',
    });
    expect(resolvePeriod({ period: 'week' }, 'Europe/Madrid', sunday)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
      timeZone: 'Europe/Madrid',
    });
    expect(resolvePeriod({}, 'Europe/Madrid', sunday)).toEqual({ from: '2026-11-01', to: '2026-11-22', timeZone: 'Europe/Madrid' });
  });
});

describe('the filter schema', () => {
  const parse = (input: Record<string, string>) =>
    v.safeParse(reportSummaryQuery, { supplierId: '00000000-0000-4000-8000-000000000000', ...input });

  it('accepts the longest range and one day, refuses one day more', () => {
    const from = '2021-01-01';
    const last = datesOf({ from, to: '2027-01-31' })[RANGE_MAX_DAYS - 1]!;
    expect(parse({ from, to: last }).success).toBe(true);
    expect(parse({ from: last, to: last }).success).toBe(true);
    const tooLong = datesOf({ from, to: '2027-01-31' })[RANGE_MAX_DAYS]!;
    expect(parse({ from, to: tooLong }).issues?.[0]?.message).toBe('DATE_RANGE_TOO_LONG');
  });
});
