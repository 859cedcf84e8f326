import { DEFAULT_LOCALE, LOCALES, type Locale } from '@contract/enums';

/**
 * Which locale to show (SPEC §1), with nothing else in the module: the first-paint script in index.html
 * (src/first-paint.ts) is built from it as well as the app.
 */

/** SPEC §1: the chosen locale is kept in local storage under the key `locale`. */
export const LOCALE_STORAGE_KEY = 'locale';

const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** Browser language tags (BCP 47) to our locales; `kk` and `be` are the real codes of kz and by. */
const BY_PRIMARY_TAG: Record<string, Locale> = {
  ru: 'ru-RU',
  be: 'be-BY',
  by: 'be-BY',
  kk: 'kz-KZ',
  kz: 'kz-KZ',
  es: 'es-ES',
  fr: 'fr-FR',
  en: 'en-US',
};

export const localeFromTag = (tag: string | null | undefined): Locale | null => {
  if (!tag) return null;
  if (isLocale(tag)) return tag;
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return BY_PRIMARY_TAG[primary] ?? null;
};

/**
 * SPEC §1: the saved locale when supported, else the first supported browser
 * language, else ru-RU.
 */
export const resolveLocale = (saved: string | null | undefined, browserLanguages: readonly string[]): Locale => {
  if (isLocale(saved)) return saved;
  for (const tag of browserLanguages) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
};

/** The tag given to Intl and to <html lang>: "kz" is not a language code, "kk" is. */
export const intlTag = (locale: Locale): string => (locale === 'kz-KZ' ? 'kk-KZ' : locale);
