import { describe, expect, it } from 'vitest';
import { dateLayout, isoFromText, maskDate, textFromIso } from '@/ui/date-text';

const ru = dateLayout('ru-RU');
const us = dateLayout('en-US');

describe('a day typed in the cabinet language’s format', () => {
  it('takes the order and the separator from the locale', () => {
    expect(ru).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(us).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
    expect(dateLayout('es-ES')).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    // Kazakh and Belarusian cabinets write dates as Russian does (src/lib/locale.ts formatTag).
    expect(dateLayout('ru-KZ')).toEqual(ru);
  });

  it.each([
    ['', ''],
    ['3', '3'],
    ['31', '31'],
    ['311', '31.1'],
    ['31122026', '31.12.2026'],
    // More digits than a day has are dropped.
    ['311220261', '31.12.2026'],
    // A separator typed after a short part closes it; one typed twice, or first, counts once.
    ['1.', '1.'],
    ['1..3', '1.3'],
    ['.1', '1'],
    ['1/3-2026', '1.3.2026'],
    // Editing inside keeps the rest where it was.
    ['31.1.2026', '31.1.2026'],
    // Letters are not part of a date.
    ['3a1', '31'],
  ])('ru: %j is shown as %j', (typed, shown) => {
    expect(maskDate(typed, ru)).toBe(shown);
  });

  it('en-US types month first with slashes', () => {
    expect(maskDate('12312026', us)).toBe('12/31/2026');
    expect(isoFromText('12/31/2026', us)).toBe('2026-12-31');
  });

  it('hands on a real day as YYYY-MM-DD, and nothing for one incomplete or impossible', () => {
    expect(isoFromText('31.12.2026', ru)).toBe('2026-12-31');
    expect(isoFromText('1.3.2026', ru)).toBe('2026-03-01');
    expect(isoFromText('31.12.202', ru)).toBeNull();
    expect(isoFromText('31.12', ru)).toBeNull();
    expect(isoFromText('29.02.2027', ru)).toBeNull();
    expect(isoFromText('29.02.2028', ru)).toBe('2028-02-29');
    expect(isoFromText('01.13.2026', ru)).toBeNull();
  });

  it('writes a saved day back the locale’s way', () => {
    expect(textFromIso('2026-03-01', ru)).toBe('01.03.2026');
    expect(textFromIso('2026-03-01', us)).toBe('03/01/2026');
  });
});
