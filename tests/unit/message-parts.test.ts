import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagePart } from '../../scripts/message-parts';

const english = Object.keys(JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>);
const known = new Set(english);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

/** Message ids a file writes out: every quoted string that is a key of the catalogue. */
const idsIn = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/['`]([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)['`]/g)]
    .map((match) => match[1]!)
    .filter((id) => known.has(id));

describe('message parts (decision 073)', () => {
  it('the till and the shell around it use no message of the office part, which the till does not wait for', () => {
    const files = ['src/features/redemption', 'src/features/shell', 'src/ui'].flatMap(sources);
    const used = files.flatMap((file) => idsIn(file).map((id) => ({ file, id })));
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter(({ id }) => messagePart(id) === 'office')).toEqual([]);
  });

  it('the desktop sections travel in the office part, the till and sign-in in theirs', () => {
    expect(messagePart('analytics.sales.title')).toBe('office');
    expect(messagePart('catalogue.title')).toBe('office');
    expect(messagePart('redemption.title')).toBe('portal');
    expect(messagePart('menu.redemption')).toBe('portal');
    expect(messagePart('login.title')).toBe('public');
    expect(messagePart('error.INVALID_CREDENTIALS')).toBe('public');
  });

  it('every message goes to exactly one part, and each part has some', () => {
    const counts = { public: 0, portal: 0, office: 0 };
    for (const id of english) counts[messagePart(id)] += 1;
    expect(counts.public + counts.portal + counts.office).toBe(english.length);
    expect(Math.min(counts.public, counts.portal, counts.office)).toBeGreaterThan(50);
  });
});
