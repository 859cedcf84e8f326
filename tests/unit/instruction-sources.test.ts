import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GUIDE_LANGUAGES, INSTRUCTION_DIR } from '../docs/guide-languages';

/**
 * The instruction's sources (decision 63): a guide per language with a part per role, and every screenshot it
 * shows present and small. The screenshots themselves are shot by `npm run docs:screenshots`, outside `npm test`.
 */

const SCREENS_DIR = `${INSTRUCTION_DIR}/screens`;
const MAX_SCREEN_BYTES = 200 * 1024;
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;

const guideOf = (language: string) => readFileSync(`${INSTRUCTION_DIR}/${language}.md`, 'utf8');
const imagesOf = (guide: string) =>
  [...guide.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map(([, caption, path]) => ({ caption, path: path! }));
const partHeadings = (guide: string) => guide.split('\n').filter((line) => line.startsWith('## '));
const roleNames = (language: string) => {
  const messages = JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, string>;
  return ['role.roleAdmin', 'role.roleAccountant', 'role.roleRedeemer'].map((key) => messages[key]!);
};
/** A screen's name without its language: what every guide shows. */
const screenOf = (path: string) => path.replace(/^screens\/[a-z]{2}-/, '');

describe.each(GUIDE_LANGUAGES.map(({ language }) => language))('the %s guide', (language) => {
  it('exists, has a title and a part per role, named as the interface names the roles', () => {
    const guide = guideOf(language);
    expect(guide.startsWith('# ')).toBe(true);
    const parts = partHeadings(guide);
    for (const role of roleNames(language)) expect(parts.some((heading) => heading.includes(role))).toBe(true);
    // A real guide, not a placeholder.
    expect(guide.length).toBeGreaterThan(8000);
  });

  it('shows its own screenshots, each present, captioned and reasonably sized', async () => {
    const images = imagesOf(guideOf(language));
    expect(images.length).toBeGreaterThanOrEqual(15);
    for (const { caption, path } of images) {
      expect(path).toMatch(new RegExp(`^screens/${language}-[a-z0-9-]+\\.png$`));
      expect(caption!.trim()).not.toBe('');
      const file = `${INSTRUCTION_DIR}/${path}`;
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, file).toBeLessThanOrEqual(MAX_SCREEN_BYTES);
      const { width, height, format } = await sharp(file).metadata();
      expect(format).toBe('png');
      expect(width).toBeGreaterThanOrEqual(390);
      expect(height).toBeGreaterThanOrEqual(600);
    }
  });
});

describe('the instruction screenshots', () => {
  it('are the same screens in every language', () => {
    const screens = GUIDE_LANGUAGES.map(({ language }) => imagesOf(guideOf(language)).map(({ path }) => screenOf(path)));
    for (const list of screens.slice(1)) expect(list).toEqual(screens[0]);
  });

  it('are all shown by a guide (no stale files) and stay under 8 MB together', () => {
    const shown = new Set(GUIDE_LANGUAGES.flatMap(({ language }) => imagesOf(guideOf(language)).map(({ path }) => path)));
    const files = readdirSync(SCREENS_DIR);
    expect(files.filter((file) => !shown.has(`screens/${file}`))).toEqual([]);
    const total = files.reduce((sum, file) => sum + statSync(`${SCREENS_DIR}/${file}`).size, 0);
    expect(total).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
  });
});
