import { LOCALE_LANGUAGE, LOCALES, type Language } from '@contract/enums';
import { intlTag } from '@contract/locale-choice';
import { LANGUAGE_NAMES } from './language-names';

/**
 * The six languages a thing is made in (a widget's page, a scheduled report's file), each named in itself, in the
 * language pickers' order, with the tag a `lang` attribute takes ("kk-KZ": "kz" is no language code).
 */
export const LANGUAGE_OPTIONS: { value: Language; label: string; lang: string }[] = LOCALES.map((locale) => ({
  value: LOCALE_LANGUAGE[locale],
  label: LANGUAGE_NAMES[locale],
  lang: intlTag(locale),
}));

export const languageName = (language: Language): string => LANGUAGE_OPTIONS.find((item) => item.value === language)?.label ?? language;
