import { readdirSync, readFileSync } from 'node:fs';
import { LANGUAGES } from '@contract/enums';
import { ERROR_CODES } from '@contract/errors';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

const load = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, string>;
const locales = Object.fromEntries(LANGUAGES.map((language) => [language, load(language)]));
const english = locales.en!;
/** Notes for translators, by message id: kept outside locales/, where every file is a language. */
const descriptions = JSON.parse(readFileSync('docs/translator-notes.json', 'utf8')) as Record<string, string>;

/** Argument and tag names a message uses: every translation must use the same. */
const names = (elements: MessageFormatElement[], found = new Set<string>()): Set<string> => {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if (element.type === TYPE.tag) names(element.children, found);
    if (element.type === TYPE.select || element.type === TYPE.plural)
      for (const option of Object.values(element.options)) names(option.value, found);
  }
  return found;
};

describe('locale files', () => {
  it('there is one file per language, and no other', () => {
    expect(
      readdirSync('locales')
        .filter((file) => file.endsWith('.json'))
        .sort(),
    ).toEqual(LANGUAGES.map((language) => `${language}.json`).sort());
  });

  it.each(LANGUAGES)('%s has exactly the keys of en', (language) => {
    expect(Object.keys(locales[language]!).sort()).toEqual(Object.keys(english).sort());
  });

  it('every error code of the contract has a message', () => {
    const missing = ERROR_CODES.filter((code) => !(`error.${code}` in english));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s: every message parses and uses the arguments of en', (language) => {
    for (const [key, text] of Object.entries(locales[language]!)) {
      expect(text.trim(), key).not.toBe('');
      expect([...names(parse(text))].sort(), `${language} ${key}`).toEqual([...names(parse(english[key]!))].sort());
    }
  });

  it('descriptions name only ids of the catalogue, and say something', () => {
    expect(Object.keys(descriptions).filter((id) => !(id in english))).toEqual([]);
    expect(Object.entries(descriptions).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('every message with arguments or tags tells translators what they hold', () => {
    const unexplained = Object.keys(english).filter((id) => names(parse(english[id]!)).size > 0 && !(id in descriptions));
    expect(unexplained).toEqual([]);
  });

  it('translations are translated, not copies of English (beyond names and codes)', () => {
    for (const language of LANGUAGES.filter((item) => item !== 'en')) {
      const same = Object.keys(english).filter(
        (key) => locales[language]![key] === english[key] && !/^(app\.name|footer\.copyright|http\.505|field\.email)$/.test(key),
      );
      // A few words are the same in several languages (E-mail, Widgets, Contacts...): allow a handful.
      expect(same.length, `${language}: ${same.join(', ')}`).toBeLessThan(8);
    }
  });
});
