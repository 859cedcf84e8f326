import { and, ilike, or, type Column, type SQL } from 'drizzle-orm';

/** Words typed are matched literally: `%`, `_` and `\` mean nothing special. */
const literal = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Every word typed must be in one of the columns, in any case ("gifts almaty" finds Almaty Gifts).
 * Control characters split words: PostgreSQL refuses a NUL in text. Undefined when nothing was typed.
 */
export function wordsCondition(search: string, columns: (Column | SQL)[]): SQL | undefined {
  const words = search
    .split(/[\s\p{Cc}]+/u)
    .filter(Boolean)
    .slice(0, 10);
  return words.length ? and(...words.map((word) => or(...columns.map((column) => ilike(column, literal(word)))))) : undefined;
}
