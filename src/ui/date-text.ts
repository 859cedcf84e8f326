/**
 * A calendar day typed in the cabinet's format (SPEC §3: DD.MM.YYYY in Russian) whatever the browser's language:
 * the order of day, month and year and the separator come from the locale; the value handed on is YYYY-MM-DD once
 * the text names a real day.
 */

import { isDay } from '@contract/schemas/fields';

type Part = 'day' | 'month' | 'year';

export interface DateLayout {
  order: Part[];
  separator: string;
}

const SIZE: Record<Part, number> = { day: 2, month: 2, year: 4 };
/** What people type between the parts, whatever the locale's own separator. */
const SEPARATORS = /[./\-\s,]/;

/** How `locale` writes a day in digits: ru-RU 31.12.2026, en-US 12/31/2026. */
export const dateLayout = (locale: string): DateLayout => {
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).formatToParts(
    Date.UTC(2026, 11, 31),
  );
  const order = parts.map((part) => part.type).filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
  return { order, separator: parts.find((part) => part.type === 'literal')?.value.trim() || '.' };
};

/**
 * What the field shows for what was typed: digits fill the parts in the locale's order, and the separator comes
 * before the next part's first digit. A separator typed after one digit closes that part ("1." stays "1."), so
 * "1.3.2026" can be typed as well as "01032026".
 */
export const maskDate = (typed: string, { order, separator }: DateLayout): string => {
  const parts = [''];
  for (const char of typed) {
    const at = parts.length - 1;
    if (/\d/.test(char)) {
      if (parts[at]!.length === SIZE[order[at]!]) {
        if (at === order.length - 1) break;
        parts.push('');
      }
      parts[parts.length - 1] += char;
    } else if (SEPARATORS.test(char) && parts[at] !== '' && at < order.length - 1) parts.push('');
  }
  return parts.join(separator);
};

/** The day the text names, as YYYY-MM-DD; null while it is incomplete or names no real day (31.02). */
export const isoFromText = (text: string, { order, separator }: DateLayout): string | null => {
  const values = text.split(separator);
  if (values.length !== 3 || values.some((value) => !/^\d+$/.test(value))) return null;
  const part = (name: Part) => values[order.indexOf(name)]!;
  if (part('year').length !== 4) return null;
  const iso = `${part('year')}-${part('month').padStart(2, '0')}-${part('day').padStart(2, '0')}`;
  return isDay(iso) ? iso : null;
};

/** A YYYY-MM-DD day written the locale's way. */
export const textFromIso = (iso: string, { order, separator }: DateLayout): string => {
  const [year, month, day] = iso.split('-');
  const values: Record<Part, string | undefined> = { day, month, year };
  return order.map((name) => values[name]).join(separator);
};
